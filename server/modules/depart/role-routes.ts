import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { ListParams } from '../../http/list-query';
import {
  ID_SCHEMA,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  type RecordId,
} from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { dataRuleChoice, idList, saveDataRuleChoice } from '../permission/grants';
import { departOfRole, departRoleOwner } from './grants';
import { DEPART_ROLE_SCOPE, DEPART_SCOPE } from './list';
import { MSG_SAVED, RULE_IDS, requiredIds } from './request-pieces';
import { setUserDepartRoles, userDepartRoleIds } from './role-users';
import {
  addDepartRole,
  deleteDepartRoles,
  departRolesOf,
  editDepartRole,
  listDepartRoles,
  type DepartRoleInput,
} from './roles';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 部门管理 → 部门角色 (`depart:role`): the roles of a department, who holds them and the data
 * rules each chose. Changes of roles, holders or rules publish `permissions`. The department
 * (and the department of every role named) must be inside the caller's row scope on 部门管理.
 */

const BASE = '/sys/sysDepartRole';
/** Department role codes, as role codes (letters, digits, underscore). */
const ROLE_CODE = '^[A-Za-z][A-Za-z0-9_]{1,99}$';
const ROLE_IDS = { type: ['string', 'null'], maxLength: 40_000 } as const;

const roleProperties = {
  departId: ID_SCHEMA,
  roleName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  roleCode: { type: 'string', minLength: 2, maxLength: 100, pattern: ROLE_CODE },
  description: { type: ['string', 'null'], maxLength: 255 },
} as const;

export async function departRoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const config = {
    access: permission('depart:role'),
    dataScope: scoped(DEPART_SCOPE, DEPART_ROLE_SCOPE),
  };
  const changed = () => bus.publish({ kind: 'permissions' });
  const departOf = (request: FastifyRequest, raw: string, name = 'departId') =>
    rowScope(request, DEPART_SCOPE).checkOne(parseId(raw, name));
  const rolesOf = (request: FastifyRequest, ids: readonly RecordId[]) =>
    rowScope(request, DEPART_ROLE_SCOPE).check(ids);

  app.get<{ Querystring: { deptId: string } }>(
    `${BASE}/list`,
    { config, schema: { querystring: requiredIds('deptId') } },
    async (request) => {
      const departId = await departOf(request, request.query.deptId, 'deptId');
      const params = request.query as ListParams;
      return ok(await listDepartRoles(db, departId, params, { timeZone }));
    },
  );

  app.post<{ Body: DepartRoleInput & { departId: string } }>(
    `${BASE}/add`,
    {
      config,
      schema: {
        body: {
          type: 'object',
          required: ['departId', 'roleName', 'roleCode'],
          properties: roleProperties,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const departId = await departOf(request, body.departId);
      return ok(await addDepartRole(db, departId, body, principalOf(request).username), MSG_ADDED);
    },
  );

  app.put<{ Body: DepartRoleInput & { id: string } }>(
    `${BASE}/edit`,
    {
      config,
      schema: {
        body: {
          type: 'object',
          required: ['id', 'roleName', 'roleCode'],
          properties: { id: ID_SCHEMA, ...roleProperties },
        },
      },
    },
    async (request) => {
      const [id] = await rolesOf(request, [parseId(request.body.id)]);
      await editDepartRole(db, id!, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(app, {
    base: BASE,
    codes: { one: 'depart:role', batch: 'depart:role' },
    entity: DEPART_ROLE_SCOPE,
    remove: async (ids) => {
      const removed = await deleteDepartRoles(db, ids);
      if (removed > 0) await changed();
      return removed;
    },
  });

  app.get<{ Querystring: { departId: string; userId?: string } }>(
    `${BASE}/getDeptRoleList`,
    {
      config,
      schema: {
        querystring: {
          type: 'object',
          required: ['departId'],
          properties: { departId: ID_SCHEMA, userId: ID_SCHEMA },
        },
      },
    },
    async (request) =>
      ok(await departRolesOf(db, await departOf(request, request.query.departId), timeZone)),
  );

  app.get<{ Querystring: { userId: string; departId: string } }>(
    `${BASE}/getDeptRoleByUserId`,
    { config, schema: { querystring: requiredIds('userId', 'departId') } },
    async (request) => {
      const departId = await departOf(request, request.query.departId);
      return ok(await userDepartRoleIds(db, parseId(request.query.userId, 'userId'), departId));
    },
  );

  app.post<{ Body: { userId: string; newRoleId?: string | null; oldRoleId?: string | null } }>(
    `${BASE}/deptRoleUserAdd`,
    {
      config,
      schema: {
        body: {
          type: 'object',
          required: ['userId'],
          properties: { userId: ID_SCHEMA, newRoleId: ROLE_IDS, oldRoleId: ROLE_IDS },
        },
      },
    },
    async (request) => {
      const { userId, newRoleId, oldRoleId } = request.body;
      const next = await rolesOf(
        request,
        idList(newRoleId).map((id) => parseId(id, 'newRoleId')),
      );
      const last = await rolesOf(
        request,
        idList(oldRoleId).map((id) => parseId(id, 'oldRoleId')),
      );
      if (await setUserDepartRoles(db, parseId(userId, 'userId'), next, last)) {
        await changed();
      }
      return ok(null, MSG_SAVED);
    },
  );

  app.get<{ Params: { permissionId: string; departId: string; roleId: string } }>(
    `${BASE}/datarule/:permissionId/:departId/:roleId`,
    { config, schema: { params: requiredIds('permissionId', 'departId', 'roleId') } },
    async (request) => {
      const departId = await departOf(request, request.params.departId);
      const permissionId = parseId(request.params.permissionId, 'permissionId');
      const roleId = parseId(request.params.roleId, 'roleId');
      await departOfRole(db, roleId, departId);
      return ok(await dataRuleChoice(db, departRoleOwner(roleId, departId), permissionId));
    },
  );

  app.post<{
    Body: { permissionId: string; departId: string; roleId: string; dataRuleIds?: string | null };
  }>(
    `${BASE}/datarule`,
    {
      config,
      schema: {
        body: {
          type: 'object',
          required: ['permissionId', 'departId', 'roleId'],
          properties: {
            permissionId: ID_SCHEMA,
            departId: ID_SCHEMA,
            roleId: ID_SCHEMA,
            dataRuleIds: RULE_IDS,
          },
        },
      },
    },
    async (request) => {
      const { permissionId, roleId, dataRuleIds } = request.body;
      const departId = await departOf(request, request.body.departId);
      await departOfRole(db, roleId, departId);
      const owner = departRoleOwner(roleId, departId);
      await saveDataRuleChoice(db, owner, permissionId, idList(dataRuleIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );
}
