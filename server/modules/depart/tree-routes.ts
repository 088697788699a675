import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { SIGNED_IN, permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { ID_MAX_LENGTH, parseOptionalId } from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import {
  DEPART_DICT_FIELDS,
  DEPART_SCOPE,
  departChildren,
  listDeparts,
  searchDeparts,
  supervisedDepartIds,
} from './list';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { loadAllDeparts } from './records';
import { departIdTree, departTree, subtreeIds, subtrees, treeModel } from './tree';

/**
 * The read routes of 部门管理 (`depart:list`) and the department pickers every signed-in user
 * may open: the paged tree list, lazy children, the whole tree, the id tree, name search and
 * the caller's own supervised departments. 部门管理's own routes read within the caller's row
 * scope on departments; the pickers (any signed-in user) read the whole tree.
 */

const BASE = '/sys/sysDepart';
/** `pid`: a department id, `0` or blank for the top level. */
const PID_QUERY = Type.Object({ pid: Type.Optional(Type.String({ maxLength: ID_MAX_LENGTH })) });

export async function departTreeRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const config = { access: permission('depart:list'), dataScope: scoped(DEPART_SCOPE) };
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get(
    `${BASE}/list`,
    {
      config,
      // The list's own parameters (paging, sort, filters) are the list translator's to check.
      schema: { querystring: PID_QUERY },
    },
    async (request) => {
      parseOptionalId(request.query.pid, 'pid');
      const page = await listDeparts(db, request.query, rowScope(request), { timeZone });
      return ok(await pageWithDictTexts(page, DEPART_DICT_FIELDS, dictionaries));
    },
  );

  app.get(
    `${BASE}/queryDepartTreeSync`,
    {
      config,
      schema: { querystring: PID_QUERY },
    },
    async (request) => {
      const pid = parseOptionalId(request.query.pid, 'pid');
      return ok((await departChildren(db, pid, rowScope(request), timeZone)).map(treeModel));
    },
  );

  app.get(`${BASE}/queryTreeList`, { config }, async (request) =>
    ok(departTree(await loadAllDeparts(db, timeZone, rowScope(request).where))),
  );

  app.get(`${BASE}/queryIdTree`, { config: { access: SIGNED_IN } }, async () =>
    ok(departIdTree(await loadAllDeparts(db, timeZone))),
  );

  app.get(
    `${BASE}/searchBy`,
    {
      config,
      schema: {
        querystring: Type.Object({
          keyWord: Type.Optional(Type.String({ maxLength: 100 })),
          myDeptSearch: Type.Optional(Type.String({ maxLength: 1 })),
        }),
      },
    },
    async (request) => {
      const { keyWord = '', myDeptSearch } = request.query;
      let within: Set<string> | null = null;
      if (myDeptSearch === '1') {
        const supervised = await supervisedDepartIds(db, principalOf(request).userId);
        within =
          supervised.size === 0
            ? supervised
            : subtreeIds(await loadAllDeparts(db, timeZone), supervised);
      }
      const found = await searchDeparts(db, keyWord, within, rowScope(request), timeZone);
      return ok(found.map(treeModel));
    },
  );

  app.get(`${BASE}/queryMyDeptTreeList`, { config: { access: SIGNED_IN } }, async (request) => {
    const supervised = await supervisedDepartIds(db, principalOf(request).userId);
    if (supervised.size === 0) return ok([]);
    return ok(subtrees(await loadAllDeparts(db, timeZone), supervised));
  });
}
