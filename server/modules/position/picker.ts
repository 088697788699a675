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
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { POSITION_DICT_FIELDS } from './list';

/**
 * The position picker (widgets.md §2.11): anyone who may fill a form holding positions (用户管理's
 * 职务) picks them, so any signed-in user reads here only what the picker shows (id, name, code,
 * rank and its text) — 职务管理's own list stays `position:list`. `name` matches by "contains".
 */

const PICKER_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    name: { column: 'name', type: 'string' },
    code: { column: 'code', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
  extraParams: ['name'],
});

const PICKER_SELECT = sql`id, name, code, post_rank as "postRank"`;

interface PickerPosition {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly postRank: string | null;
}

const PICKER_QUERY = Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) });
/** `?codes=a,b,c` (the codes a field holds; a trailing comma is allowed). */
const BY_CODES_QUERY = Type.Object({ codes: IDS_SCHEMA });
/** At most this many codes in one lookup (the browser asks in chunks of 200). */
const MAX_CODES = 1000;
const CODE_MAX_LENGTH = 100;
export const MSG_BAD_CODES = '参数 codes 不正确';

function splitCodes(raw: string): string[] {
  const codes = [...new Set(raw.split(',').map((c) => c.trim()))].filter((c) => c !== '');
  if (
    codes.length === 0 ||
    codes.length > MAX_CODES ||
    codes.some((c) => c.length > CODE_MAX_LENGTH)
  ) {
    throw failure(MSG_BAD_CODES);
  }
  return codes;
}

export async function positionPickerRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
  const raw = ctx.db.withoutPlugins();
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(ctx.db, ctx.dicts);

  app.get(
    '/sys/position/queryPickerList',
    { config: { access: SIGNED_IN }, schema: { querystring: PICKER_QUERY } },
    async (request) => {
      const query = translateListQuery(request.query, PICKER_ENTITY, { timeZone });
      const name = request.query.name?.trim();
      const where = allOf(
        name ? [like(PICKER_ENTITY.fields.get('name')!.target, 'like', name)] : [],
      );
      const page = await runListQuery<PickerPosition>(
        raw,
        { select: PICKER_SELECT, from: sql.table('sys_position'), where },
        query,
      );
      const named = await pageWithDictTexts(page, POSITION_DICT_FIELDS, dictionaries);
      // Only the picker's fields leave (not postRank_dictText twice, nothing else).
      return ok({
        ...named,
        records: named.records.map((r) => ({
          id: r.id,
          name: r.name,
          code: r.code,
          rank_dictText: r.rank_dictText ?? null,
        })),
      });
    },
  );

  // The names behind held codes (the picker's read-only views, one call per screen of values).
  app.get(
    '/sys/position/queryByCodes',
    { config: { access: SIGNED_IN }, schema: { querystring: BY_CODES_QUERY } },
    async (request) => {
      const codes = splitCodes(request.query.codes);
      const { rows } = await sql<{ code: string; name: string }>`select code, name
        from sys_position where code in (${sql.join(codes)}) order by code`.execute(raw);
      return ok(rows);
    },
  );
}
