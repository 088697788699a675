import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import {
  ID_SCHEMA,
  IDS_SCHEMA,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  splitIds,
} from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { addMenu, deleteMenus, editMenu } from './menu-crud';
import { MENU_ADD_BODY, MENU_EDIT_BODY } from './menu-input';
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

const SUBMENU_QUERY = Type.Object({ parentId: ID_SCHEMA });
/** `?parentIds=a,b,c` (the list as sent: `splitIds` parses it). */
const SUBMENU_BATCH_QUERY = Type.Object({ parentIds: IDS_SCHEMA });

export async function menuRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const dataScope = scoped(MENU_SCOPE);
  const read = { access: permission('permission:list'), dataScope };
  const changed = () => bus.publish({ kind: 'permissions' });
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get(
    '/sys/permission/list',
    { config: read, schema: { querystring: LIST_QUERY } },
    async (request) =>
      ok(await listMenus(db, request.query, rowScope(request), { timeZone }, dictionaries)),
  );

  app.get('/sys/permission/getSystemMenuList', { config: read }, async (request) =>
    ok(await topMenus(db, rowScope(request), timeZone)),
  );

  app.get(
    '/sys/permission/getSystemSubmenu',
    { config: read, schema: { querystring: SUBMENU_QUERY } },
    async (request) => {
      const parentId = parseId(request.query.parentId, 'parentId');
      return ok((await childrenOf(db, [parentId], rowScope(request), timeZone))[parentId] ?? []);
    },
  );

  app.get(
    '/sys/permission/getSystemSubmenuBatch',
    { config: read, schema: { querystring: SUBMENU_BATCH_QUERY } },
    async (request) =>
      ok(await childrenOf(db, splitIds(request.query.parentIds), rowScope(request), timeZone)),
  );

  app.post(
    '/sys/permission/add',
    {
      config: { access: permission('permission:add'), dataScope },
      schema: { body: MENU_ADD_BODY },
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

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { access: permission('permission:edit'), dataScope },
    schema: { body: MENU_EDIT_BODY },
    handler: async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editMenu(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  });

  deleteRoutes(server, {
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
