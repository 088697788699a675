import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import {
  ID_QUERY,
  ID_SCHEMA,
  MSG_ADDED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
  parseOptionalId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { roleAuthorizeRoutes } from './authorize-routes';
import {
  addRole,
  deleteRoles,
  editRole,
  MSG_ROLE_CODE_TAKEN,
  ROLE_CODE_PATTERN,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  roleCodeTaken,
  type RoleInput,
} from './crud';
import { roleExcelRoutes } from './excel';
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

const roleProperties = {
  roleName: { type: 'string', minLength: 1, maxLength: ROLE_NAME_MAX, pattern: '\\S' },
  roleCode: { type: 'string', maxLength: 100, pattern: ROLE_CODE_PATTERN },
  description: { type: ['string', 'null'], maxLength: ROLE_DESCRIPTION_MAX },
} as const;

export async function roleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/role/list',
    { config: { access: permission('role:list'), dataScope } },
    async (request) =>
      ok(await listRoles(db, request.query as ListParams, rowScope(request), { timeZone })),
  );

  app.get<{ Querystring: { id: string } }>(
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

  app.post<{ Body: RoleInput }>(
    '/sys/role/add',
    {
      config: { access: permission('role:add'), dataScope: noRowScope('只新增记录') },
      schema: {
        body: { type: 'object', required: ['roleName', 'roleCode'], properties: roleProperties },
      },
    },
    async (request) =>
      ok(await addRole(db, request.body, principalOf(request).username), MSG_ADDED),
  );

  app.put<{ Body: RoleInput & { id: string } }>(
    '/sys/role/edit',
    {
      config: { access: permission('role:edit'), dataScope },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'roleName', 'roleCode'],
          properties: { id: ID_SCHEMA, ...roleProperties },
        },
      },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editRole(db, id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(app, {
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

  app.get<{ Querystring: { roleCode: string; id?: string } }>(
    '/sys/role/checkRoleCode',
    {
      // A role code is unique among every role, whoever may see the one holding it.
      config: { access: permission('role:list'), dataScope: noRowScope('角色编码全局唯一') },
      schema: {
        querystring: {
          type: 'object',
          required: ['roleCode'],
          properties: { roleCode: { type: 'string', maxLength: 100 }, id: ID_SCHEMA },
        },
      },
    },
    async (request) => {
      const { roleCode, id } = request.query;
      const except = parseOptionalId(id);
      if (await roleCodeTaken(db, roleCode.trim(), except)) throw failure(MSG_ROLE_CODE_TAKEN);
      return ok(null, MSG_VALUE_FREE);
    },
  );

  await roleAuthorizeRoutes(app, ctx);
  await roleExcelRoutes(app, ctx);
}
