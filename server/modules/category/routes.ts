import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import { IDS_QUERY, MSG_ADDED, MSG_EDITED, splitIds } from '../../http/request-schemas';
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
import { childrenOf, listCategories } from './list';
import { categoryLookupRoutes } from './lookup-routes';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 分类字典 (jeecg-api.md §4.9): `category:list` reads the tree list, `category:add|edit|
 * delete|deleteBatch` write, `category:export|import` move spreadsheets; the pickers'
 * lookups (any signed-in user) are in lookup-routes.ts.
 */

const BASE = '/sys/category';
const PID = { type: 'string', maxLength: 36 } as const;

export async function categoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const list = permission('category:list');

  app.get(`${BASE}/rootList`, { config: { access: list } }, async (request) =>
    ok(await listCategories(db, request.query as ListParams, { timeZone })),
  );

  app.get<{ Querystring: { pid: string } }>(
    `${BASE}/childList`,
    {
      config: { access: list },
      schema: {
        querystring: { type: 'object', required: ['pid'], properties: { pid: PID } },
      },
    },
    async (request) => ok(await childrenOf(db, [request.query.pid.trim()], timeZone)),
  );

  app.get<{ Querystring: { parentIds: string } }>(
    `${BASE}/getChildListBatch`,
    {
      config: { access: list },
      schema: {
        querystring: {
          type: 'object',
          required: ['parentIds'],
          properties: { parentIds: IDS_QUERY.properties.ids },
        },
      },
    },
    async (request) => ok(await childrenOf(db, splitIds(request.query.parentIds), timeZone)),
  );

  app.get<{ Querystring: { pid?: string; code?: string } }>(
    `${BASE}/checkCode`,
    {
      config: { access: list },
      schema: {
        querystring: {
          type: 'object',
          properties: { pid: PID, code: { type: 'string', maxLength: 100 } },
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
    { config: { access: permission('category:add') }, schema: { body: CATEGORY_ADD_BODY } },
    async (request) => {
      const { username, orgCode } = principalOf(request);
      return ok(await addCategory(db, request.body, { username, orgCode }), MSG_ADDED);
    },
  );

  app.put<{ Body: CategoryInput & { id: string } }>(
    `${BASE}/edit`,
    { config: { access: permission('category:edit') }, schema: { body: CATEGORY_EDIT_BODY } },
    async (request) => {
      await editCategory(db, request.body.id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(app, {
    base: BASE,
    codes: { one: 'category:delete', batch: 'category:deleteBatch' },
    remove: (ids) => deleteCategories(db, ids),
  });

  await categoryLookupRoutes(app, ctx);
  await categoryExcelRoutes(app, ctx);
}
