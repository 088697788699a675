import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { ListParams } from '../../http/list-query';
import { ID_SCHEMA, IDS_QUERY, MSG_ADDED, MSG_EDITED, splitIds } from '../../http/request-schemas';
import type { AppContext } from '../../context';
import { addMenu, deleteMenus, editMenu } from './menu-crud';
import { MENU_PROPERTIES, type MenuInput } from './menu-input';
import { dictLookup } from '../dict/lookup';
import { childrenOf, listMenus, topMenus } from './menu-list';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 菜单管理 (docs/system-api.md, Menus). Codes from the seed menu: `permission:list` reads,
 * `permission:add|edit|delete|deleteBatch` write. Every change publishes `permissions`:
 * the codes and menus of every principal may have changed.
 */

export async function menuRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const read = { access: permission('permission:list') };
  const changed = () => bus.publish({ kind: 'permissions' });
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get('/sys/permission/list', { config: read }, async (request) =>
    ok(await listMenus(db, request.query as ListParams, { timeZone }, dictionaries)),
  );

  app.get('/sys/permission/getSystemMenuList', { config: read }, async () =>
    ok(await topMenus(db, timeZone)),
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
      const { parentId } = request.query;
      return ok((await childrenOf(db, [parentId], timeZone))[parentId] ?? []);
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
    async (request) => ok(await childrenOf(db, splitIds(request.query.parentIds), timeZone)),
  );

  app.post<{ Body: MenuInput }>(
    '/sys/permission/add',
    {
      config: { access: permission('permission:add') },
      schema: {
        body: { type: 'object', required: ['name', 'menuType'], properties: MENU_PROPERTIES },
      },
    },
    async (request) => {
      const id = await addMenu(db, request.body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.route<{ Body: MenuInput & { id: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { access: permission('permission:edit') },
    schema: {
      body: {
        type: 'object',
        required: ['id', 'name', 'menuType'],
        properties: { id: ID_SCHEMA, ...MENU_PROPERTIES },
      },
    },
    handler: async (request) => {
      await editMenu(db, request.body.id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  });

  deleteRoutes(app, {
    base: '/sys/permission',
    codes: { one: 'permission:delete', batch: 'permission:deleteBatch' },
    remove: async (ids) => {
      const removed = await deleteMenus(db, ids);
      if (removed > 0) await changed();
      return removed;
    },
  });
}
