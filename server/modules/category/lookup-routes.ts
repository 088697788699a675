import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { badRequest, failure } from '../../http/errors';
import { clip } from '../../http/list-conditions';
import { MAX_BATCH_IDS, MSG_NOT_FOUND } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { categoriesWhere } from './list';
import { conditionOf, descendantOptions, namesOf, pidOfCode, subtree, treeChildren } from './tree';

/**
 * The category lookups every signed-in user's pickers make (JCategorySelect and friends).
 * **safe:** `loadOne` names only id / code / name and `loadTreeData`'s `condition` only name /
 * code; the reference system put both names into SQL.
 */

const BASE = '/sys/category';
const LOOKUP_FIELDS = ['id', 'code', 'name'] as const;
type LookupField = (typeof LOOKUP_FIELDS)[number];

export const msgLookupField = (field: string) =>
  `不支持按字段“${clip(field)}”查询，只能按 id、code、name 查询`;
export const msgNotUnique = (field: string, value: string) =>
  `查询数据异常，[${field}]存在多个值：${clip(value)}`;
export const MSG_TREE_PARAMS = '加载分类字典树参数有误：pid 和 pcode 不能都为空';

const text = (max: number) => Type.String({ maxLength: max });
const optionalText = (max: number) => Type.Optional(text(max));
/** `true` or `false`, when sent. */
const FLAG = Type.Optional(Type.Enum(['true', 'false'], { type: 'string' }));

function isLookupField(field: string): field is LookupField {
  return (LOOKUP_FIELDS as readonly string[]).includes(field);
}

export async function categoryLookupRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const access = { access: SIGNED_IN };

  app.get(
    `${BASE}/loadOne`,
    {
      config: access,
      schema: { querystring: Type.Object({ field: text(64), val: text(100) }) },
    },
    async (request) => {
      const field = request.query.field.trim();
      if (!isLookupField(field)) throw badRequest(msgLookupField(field));
      const rows = await categoriesWhere(db, field, request.query.val, timeZone);
      if (rows.length === 0) throw failure(MSG_NOT_FOUND);
      if (rows.length > 1) throw failure(msgNotUnique(field, request.query.val));
      return ok(rows[0]);
    },
  );

  app.get(
    `${BASE}/loadTreeRoot`,
    {
      config: access,
      schema: { querystring: Type.Object({ async: FLAG, pcode: optionalText(100) }) },
    },
    async (request) => {
      const pid = await pidOfCode(db, request.query.pcode);
      const oneLevel = request.query.async !== 'false';
      return ok(oneLevel ? await treeChildren(db, pid) : await subtree(db, pid));
    },
  );

  app.get(
    `${BASE}/loadTreeChildren`,
    { config: access, schema: { querystring: Type.Object({ pid: text(36) }) } },
    async (request) => ok(await treeChildren(db, request.query.pid.trim())),
  );

  app.get(
    `${BASE}/loadTreeData`,
    {
      config: access,
      schema: {
        querystring: Type.Object({
          pid: optionalText(36),
          pcode: optionalText(100),
          condition: optionalText(2000),
        }),
      },
    },
    async (request) => {
      const { pid, pcode, condition } = request.query;
      const conditions = conditionOf(condition);
      let parent = pid?.trim() ?? '';
      if (parent === '') {
        if (!pcode?.trim()) throw failure(MSG_TREE_PARAMS);
        parent = await pidOfCode(db, pcode);
      }
      return ok(await treeChildren(db, parent, conditions));
    },
  );

  app.get(
    `${BASE}/loadDictItem`,
    {
      config: access,
      schema: { querystring: Type.Object({ ids: text(40_000), delNotExist: FLAG }) },
    },
    async (request) => {
      const ids = request.query.ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      if (ids.length > MAX_BATCH_IDS) throw failure(`一次最多查询${MAX_BATCH_IDS}个分类`);
      return ok(await namesOf(db, ids, request.query.delNotExist === 'false'));
    },
  );

  app.get(
    `${BASE}/loadAllData`,
    { config: access, schema: { querystring: Type.Object({ code: optionalText(100) }) } },
    async (request) => ok(await descendantOptions(db, request.query.code)),
  );
}
