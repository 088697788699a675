import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_SCHEMA,
  IDS_SCHEMA,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  splitIds,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import {
  addCategory,
  CATEGORY_ADD_BODY,
  CATEGORY_EDIT_BODY,
  codeProblem,
  deleteCategories,
  editCategory,
  MSG_CODE_FREE,
} from './crud';
import { categoryExcelRoutes } from './excel';
import { CATEGORY_SCOPE, childrenOf, listCategories } from './list';
import { categoryLookupRoutes } from './lookup-routes';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 分类字典 (jeecg-api.md §4.9): `category:list` reads the tree list, `category:add|edit|
 * delete|deleteBatch` write, `category:export|import` move spreadsheets; the pickers'
 * lookups (any signed-in user) are in lookup-routes.ts. The screen's routes read and write
 * within the caller's row scope on 分类字典.
 */

const BASE = '/sys/category';
const dataScope = scoped(CATEGORY_SCOPE);

export async function categoryRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const list = permission('category:list');

  app.get(
    `${BASE}/rootList`,
    { config: { access: list, dataScope }, schema: { querystring: LIST_QUERY } },
    async (request) => ok(await listCategories(db, request.query, rowScope(request), { timeZone })),
  );

  app.get(
    `${BASE}/childList`,
    {
      config: { access: list, dataScope },
      schema: { querystring: Type.Object({ pid: ID_SCHEMA }) },
    },
    async (request) =>
      ok(await childrenOf(db, [parseId(request.query.pid, 'pid')], rowScope(request), timeZone)),
  );

  app.get(
    `${BASE}/getChildListBatch`,
    {
      config: { access: list, dataScope },
      schema: { querystring: Type.Object({ parentIds: IDS_SCHEMA }) },
    },
    async (request) =>
      ok(await childrenOf(db, splitIds(request.query.parentIds), rowScope(request), timeZone)),
  );

  app.get(
    `${BASE}/checkCode`,
    {
      // A code is unique in the whole dictionary, whoever may see the row holding it.
      config: { access: list, dataScope: noRowScope('编码在整个分类字典中唯一') },
      schema: {
        querystring: Type.Object({
          pid: Type.Optional(Type.String({ maxLength: 36 })),
          code: Type.Optional(Type.String({ maxLength: 100 })),
        }),
      },
    },
    async (request) => {
      const problem = await codeProblem(db, request.query.pid ?? '', request.query.code ?? '');
      if (problem) throw failure(problem);
      return ok(null, MSG_CODE_FREE);
    },
  );

  app.post(
    `${BASE}/add`,
    {
      config: { access: permission('category:add'), dataScope },
      schema: { body: CATEGORY_ADD_BODY },
    },
    async (request) => {
      const { username, orgCode } = principalOf(request);
      const id = await addCategory(db, request.body, { username, orgCode }, rowScope(request));
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    `${BASE}/edit`,
    {
      config: { access: permission('category:edit'), dataScope },
      schema: { body: CATEGORY_EDIT_BODY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editCategory(db, id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'category:delete', batch: 'category:deleteBatch' },
    entity: CATEGORY_SCOPE,
    remove: (ids, _request, scope) => deleteCategories(db, ids, scope),
  });

  await categoryLookupRoutes(server, ctx);
  await categoryExcelRoutes(server, ctx);
}
