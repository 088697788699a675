import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { ListParams } from '../../http/list-query';
import {
  ID_SCHEMA,
  IDS_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  splitIds,
} from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { addMenu, deleteMenus, editMenu } from './menu-crud';
import { MENU_PROPERTIES, type MenuInput } from './menu-input';
import { dictLookup } from '../dict/lookup';
import { childrenOf, listMenus, topMenus } from './menu-list';
import { MENU_SCOPE } from './menu-record';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 菜单管理 (docs/system-api.md, Menus). Codes from the seed menu: `permission:list` reads,
 * `permission:add|edit|delete|deleteBatch` write. Every change publishes `permissions`:
 * the codes and menus of every principal may have changed. Reads and writes stay within the
 * caller's row scope on 菜单管理 (a delete also for every row below the deleted ones).
 */

export async function menuRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const dataScope = scoped(MENU_SCOPE);
  const read = { access: permission('permission:list'), dataScope };
  const changed = () => bus.publish({ kind: 'permissions' });
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get('/sys/permission/list', { config: read }, async (request) =>
    ok(
      await listMenus(
        db,
        request.query as ListParams,
        rowScope(request),
        { timeZone },
        dictionaries,
      ),
    ),
  );

  app.get('/sys/permission/getSystemMenuList', { config: read }, async (request) =>
    ok(await topMenus(db, rowScope(request), timeZone)),
  );

  app.get<{ Querystring: { parentId: string } }>(
    '/sys/permission/getSystemSubmenu',
    {
      config: read,
      schema: {
        querystring: {
          type: 'object',
          required: ['parentId'],
          properties: { parentId: ID_SCHEMA },
        },
      },
    },
    async (request) => {
      const parentId = parseId(request.query.parentId, 'parentId');
      return ok((await childrenOf(db, [parentId], rowScope(request), timeZone))[parentId] ?? []);
    },
  );

  app.get<{ Querystring: { parentIds: string } }>(
    '/sys/permission/getSystemSubmenuBatch',
    {
      config: read,
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

  app.post<{ Body: MenuInput }>(
    '/sys/permission/add',
    {
      config: { access: permission('permission:add'), dataScope },
      schema: {
        body: { type: 'object', required: ['name', 'menuType'], properties: MENU_PROPERTIES },
      },
    },
    async (request) => {
      // A new row joins its parent's subtree: the parent must be one the caller may touch.
      const { parentId } = request.body;
      if (parentId) await rowScope(request).checkOne(parseId(parentId, 'parentId'));
      const id = await addMenu(db, request.body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.route<{ Body: MenuInput & { id: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { access: permission('permission:edit'), dataScope },
    schema: {
      body: {
        type: 'object',
        required: ['id', 'name', 'menuType'],
        properties: { id: ID_SCHEMA, ...MENU_PROPERTIES },
      },
    },
    handler: async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editMenu(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  });

  deleteRoutes(app, {
    base: '/sys/permission',
    codes: { one: 'permission:delete', batch: 'permission:deleteBatch' },
    entity: MENU_SCOPE,
    remove: async (ids, _request, scope) => {
      const removed = await deleteMenus(db, ids, scope);
      if (removed > 0) await changed();
      return removed;
    },
  });
}
