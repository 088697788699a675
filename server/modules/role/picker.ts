import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import Type from 'typebox';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { allOf, like } from '../../http/list-conditions';
import { runListQuery } from '../../http/list-page';
import { defineListEntity, translateListQuery } from '../../http/list-query';
import { IDS_SCHEMA } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';

/**
 * The role picker (widgets.md §2.11): anyone who may fill a form holding roles picks them, so
 * any signed-in user reads here only id, roleName and roleCode (the columns the table
 * dictionary allow-list gives every signed-in user too) — 角色管理's list stays `role:list`.
 * `roleName` matches by "contains". Held values are ids or role codes.
 */

const PICKER_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    roleName: { column: 'role_name', type: 'string' },
    roleCode: { column: 'role_code', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
  extraParams: ['roleName'],
});

const PICKER_SELECT = sql`id, role_name as "roleName", role_code as "roleCode"`;

export interface PickerRole {
  readonly id: string;
  readonly roleName: string;
  readonly roleCode: string;
}

const PICKER_QUERY = Type.Object({ roleName: Type.Optional(Type.String({ maxLength: 100 })) });
/** `?ids=a,b` or `?codes=a,b` (what a field holds; a trailing comma is allowed). */
const BY_KEYS_QUERY = Type.Object({
  ids: Type.Optional(IDS_SCHEMA),
  codes: Type.Optional(IDS_SCHEMA),
});
const MAX_KEYS = 1000;
const KEY_MAX_LENGTH = 100;
export const MSG_BAD_ROLE_KEYS = '参数 ids 或 codes 不正确';

function splitKeys(raw: string | undefined): string[] {
  const keys = [...new Set((raw ?? '').split(',').map((c) => c.trim()))].filter((c) => c !== '');
  if (keys.length === 0 || keys.length > MAX_KEYS || keys.some((k) => k.length > KEY_MAX_LENGTH)) {
    throw failure(MSG_BAD_ROLE_KEYS);
  }
  return keys;
}

export async function rolePickerRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const raw = ctx.db.withoutPlugins();
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/role/queryPickerList',
    { config: { access: SIGNED_IN }, schema: { querystring: PICKER_QUERY } },
    async (request) => {
      const query = translateListQuery(request.query, PICKER_ENTITY, { timeZone });
      const name = request.query.roleName?.trim();
      const target = PICKER_ENTITY.fields.get('roleName')!.target;
      const where = allOf(name ? [like(target, 'like', name)] : []);
      return ok(
        await runListQuery<PickerRole>(
          raw,
          { select: PICKER_SELECT, from: sql.table('sys_role'), where },
          query,
        ),
      );
    },
  );

  // The names behind held ids or codes (the picker's read-only views, one call per screen).
  app.get(
    '/sys/role/queryByKeys',
    { config: { access: SIGNED_IN }, schema: { querystring: BY_KEYS_QUERY } },
    async (request) => {
      const byCode = request.query.codes !== undefined;
      if (byCode === (request.query.ids !== undefined)) throw failure(MSG_BAD_ROLE_KEYS);
      const keys = splitKeys(byCode ? request.query.codes : request.query.ids);
      const column = sql.ref(byCode ? 'role_code' : 'id');
      const { rows } = await sql<PickerRole>`select ${PICKER_SELECT} from sys_role
        where ${column} in (${sql.join(keys)}) order by role_code`.execute(raw);
      return ok(rows);
    },
  );
}
