import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  ID_SCHEMA,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
  parseOptionalId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { roleAuthorizeRoutes } from './authorize-routes';
import {
  addRole,
  deleteRoles,
  editRole,
  MSG_ROLE_CODE_TAKEN,
  ROLE_ADD_BODY,
  ROLE_EDIT_BODY,
  roleCodeTaken,
} from './crud';
import { roleExcelRoutes } from './excel';
import { rolePickerRoutes } from './picker';
import { allRoles, listRoles, roleById, ROLE_SCOPE } from './list';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 角色管理 (docs/system-api.md, Roles): roles, their permissions and data rules. Codes from the
 * seed menu: `role:list` reads, `role:add|edit|delete|deleteBatch|export|import` write,
 * `role:authorize` grants. Users of a role are the users module's (`role:user`). Every route
 * reads and writes within the caller's row scope on 角色管理.
 */

const dataScope = scoped(ROLE_SCOPE);

export const MSG_VALUE_FREE = '该值可用！';

/** `?roleCode=&id=`: is the code free (for the role `id`, when editing)? */
const CHECK_ROLE_CODE_QUERY = Type.Object({
  roleCode: Type.String({ maxLength: 100 }),
  id: Type.Optional(ID_SCHEMA),
});

export async function roleRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/role/list',
    { config: { access: permission('role:list'), dataScope }, schema: { querystring: LIST_QUERY } },
    async (request) => ok(await listRoles(db, request.query, rowScope(request), { timeZone })),
  );

  app.get(
    '/sys/role/queryById',
    { config: { access: permission('role:list'), dataScope }, schema: { querystring: ID_QUERY } },
    async (request) => {
      const role = await roleById(db, parseId(request.query.id), rowScope(request), timeZone);
      if (!role) throw failure(MSG_NOT_FOUND);
      return ok(role);
    },
  );

  // Admitted with user:add / user:edit it is 用户管理's role picker: 角色管理's rules are not
  // that screen's, so they do not apply (rulesFor).
  app.get(
    '/sys/role/queryall',
    { config: { access: permission('role:list', 'user:add', 'user:edit'), dataScope } },
    async (request) => ok(await allRoles(db, rowScope(request), timeZone)),
  );

  app.post(
    '/sys/role/add',
    {
      config: { access: permission('role:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: ROLE_ADD_BODY },
    },
    async (request) =>
      ok(await addRole(db, request.body, principalOf(request).username), MSG_ADDED),
  );

  app.put(
    '/sys/role/edit',
    { config: { access: permission('role:edit'), dataScope }, schema: { body: ROLE_EDIT_BODY } },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editRole(db, id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: '/sys/role',
    codes: { one: 'role:delete', batch: 'role:deleteBatch' },
    entity: ROLE_SCOPE,
    remove: async (ids) => {
      const removed = await deleteRoles(db, ids);
      // Holders of the roles lose their codes at once.
      if (removed > 0) await bus.publish({ kind: 'permissions' });
      return removed;
    },
  });

  app.get(
    '/sys/role/checkRoleCode',
    {
      // A role code is unique among every role, whoever may see the one holding it.
      config: { access: permission('role:list'), dataScope: noRowScope('角色编码全局唯一') },
      schema: { querystring: CHECK_ROLE_CODE_QUERY },
    },
    async (request) => {
      const { roleCode, id } = request.query;
      const except = parseOptionalId(id);
      if (await roleCodeTaken(db, roleCode.trim(), except)) throw failure(MSG_ROLE_CODE_TAKEN);
      return ok(null, MSG_VALUE_FREE);
    },
  );

  await roleAuthorizeRoutes(server, ctx);
  await roleExcelRoutes(server, ctx);
  await rolePickerRoutes(server, ctx);
}
