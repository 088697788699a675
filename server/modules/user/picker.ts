import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { allOf, like } from '../../http/list-conditions';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  MAX_PAGE_SIZE,
  paramText,
  translateListQuery,
  type ListParams,
} from '../../http/list-query';
import type { AppContext } from '../../context';
import { ORG_CODE_TXT, USER_FROM, sourceCondition } from './list';

/**
 * The user pickers (JSelectUserByDep and the user-select component): any signed-in user may
 * pick people, so they see only active, live users and only the fields a picker shows.
 * `realname` and `username` match by "contains", as the reference's pickers do.
 */

export interface PickerUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly workNo: string | null;
  readonly orgCode: string | null;
  readonly orgCodeTxt: string | null;
  readonly post: string | null;
}

const PICKER_ENTITY = defineListEntity({
  fields: {
    id: { column: 'u.id', type: 'string' },
    username: { column: 'u.username', type: 'string' },
    realname: { column: 'u.realname', type: 'string' },
    workNo: { column: 'u.work_no', type: 'string' },
    orgCode: { column: 'u.org_code', type: 'string' },
    post: { column: 'u.post', type: 'string' },
    createTime: { column: 'u.create_time', type: 'datetime' },
  },
  // Read by the route: the department and the two "contains" searches.
  extraParams: ['departId', 'realname', 'username'],
});

const PICKER_SELECT = sql`u.id, u.username, u.realname, u.work_no as "workNo",
  u.org_code as "orgCode", ${ORG_CODE_TXT} as "orgCodeTxt", u.post`;

/** Active live users, of a department when given, whose name and username contain the text. */
function pickerCondition(search: {
  readonly departId?: string;
  readonly realname?: string;
  readonly username?: string;
}): RawBuilder<SqlBool> {
  const conditions = [
    sourceCondition({ departId: search.departId || null }),
    sql<SqlBool>`u.status = 1`,
  ];
  for (const name of ['realname', 'username'] as const) {
    const text = search[name]?.trim();
    if (text) conditions.push(like(PICKER_ENTITY.fields.get(name)!.target, 'like', text));
  }
  return allOf(conditions);
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export async function userPickerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = ctx.db.withoutPlugins();
  const timeZone = ctx.config.timeZone;

  app.get<{ Querystring: ListParams }>(
    '/sys/user/queryUserComponentData',
    {
      config: { access: SIGNED_IN },
      schema: {
        querystring: {
          type: 'object',
          properties: { departId: text(36), realname: text(100), username: text(100) },
        },
      },
    },
    async (request) => {
      const params = request.query;
      const query = translateListQuery(params, PICKER_ENTITY, { timeZone });
      const where = pickerCondition({
        departId: paramText(params, 'departId'),
        realname: paramText(params, 'realname'),
        username: paramText(params, 'username'),
      });
      return ok(
        await runListQuery<PickerUser>(
          raw,
          { select: PICKER_SELECT, from: USER_FROM, where },
          query,
        ),
      );
    },
  );

  app.get<{ Querystring: { id: string; realname?: string } }>(
    '/sys/user/queryUserByDepId',
    {
      config: { access: SIGNED_IN },
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 36 }, realname: text(100) },
        },
      },
    },
    async (request) => {
      const where = pickerCondition({
        departId: request.query.id,
        realname: request.query.realname,
      });
      // A department's direct members; the cap only guards against a pathological one.
      const { rows } = await sql<PickerUser>`select ${PICKER_SELECT} from ${USER_FROM}
        where ${where} order by u.realname, u.id limit ${MAX_PAGE_SIZE}`.execute(raw);
      return ok(rows);
    },
  );
}
