import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import {
  ID_SCHEMA,
  IDS_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  splitIds,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import {
  addCategory,
  CATEGORY_ADD_BODY,
  CATEGORY_EDIT_BODY,
  codeProblem,
  deleteCategories,
  editCategory,
  MSG_CODE_FREE,
  type CategoryInput,
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
const PID = ID_SCHEMA;
const dataScope = scoped(CATEGORY_SCOPE);

export async function categoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const list = permission('category:list');

  app.get(`${BASE}/rootList`, { config: { access: list, dataScope } }, async (request) =>
    ok(await listCategories(db, request.query as ListParams, rowScope(request), { timeZone })),
  );

  app.get<{ Querystring: { pid: string } }>(
    `${BASE}/childList`,
    {
      config: { access: list, dataScope },
      schema: {
        querystring: { type: 'object', required: ['pid'], properties: { pid: PID } },
      },
    },
    async (request) =>
      ok(await childrenOf(db, [parseId(request.query.pid, 'pid')], rowScope(request), timeZone)),
  );

  app.get<{ Querystring: { parentIds: string } }>(
    `${BASE}/getChildListBatch`,
    {
      config: { access: list, dataScope },
      schema: {
        querystring: {
          type: 'object',
          required: ['parentIds'],
          properties: { parentIds: IDS_QUERY.properties.ids },
        },
      },
    },
    async (request) =>
      ok(await childrenOf(db, splitIds(request.query.parentIds), rowScope(request), timeZone)),
  );

  app.get<{ Querystring: { pid?: string; code?: string } }>(
    `${BASE}/checkCode`,
    {
      // A code is unique in the whole dictionary, whoever may see the row holding it.
      config: { access: list, dataScope: noRowScope('编码在整个分类字典中唯一') },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            pid: { type: 'string', maxLength: 36 },
            code: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request) => {
      const problem = await codeProblem(db, request.query.pid ?? '', request.query.code ?? '');
      if (problem) throw failure(problem);
      return ok(null, MSG_CODE_FREE);
    },
  );

  app.post<{ Body: CategoryInput }>(
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

  app.put<{ Body: CategoryInput & { id: string } }>(
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

  deleteRoutes(app, {
    base: BASE,
    codes: { one: 'category:delete', batch: 'category:deleteBatch' },
    entity: CATEGORY_SCOPE,
    remove: (ids, _request, scope) => deleteCategories(db, ids, scope),
  });

  await categoryLookupRoutes(app, ctx);
  await categoryExcelRoutes(app, ctx);
}
