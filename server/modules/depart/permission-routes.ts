import type { FastifyInstance } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { ID_SCHEMA } from '../../http/request-schemas';
import type { AppContext } from '../../context';
import { dataRuleChoice, grantedIds, idList, saveDataRuleChoice } from '../permission/grants';
import { permissionTree } from '../permission/tree-model';
import {
  departOfRole,
  departOwner,
  departRoleOwner,
  requireDepart,
  saveDepartGrants,
  saveDepartRoleGrants,
} from './grants';
import { ID_LIST, MSG_SAVED, RULE_IDS, requiredIds } from './request-pieces';

/**
 * 部门管理 → 部门授权 (`depart:authorize`) and 部门角色 → 授权 (`depart:role`): what a
 * department holds, what its roles hold within that, and the data rules each chose. Every
 * change publishes `permissions`: holders gain or lose codes on their next call.
 */

interface GrantBody {
  readonly permissionIds?: string | null;
  readonly lastpermissionIds?: string | null;
}

export async function departPermissionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const changed = () => bus.publish({ kind: 'permissions' });
  const authorize = { access: permission('depart:authorize') };
  const roleAccess = { access: permission('depart:role') };

  app.get<{ Querystring: { departId: string } }>(
    '/sys/permission/queryDepartPermission',
    { config: authorize, schema: { querystring: requiredIds('departId') } },
    async (request) => ok(await grantedIds(db, departOwner(request.query.departId))),
  );

  app.post<{ Body: GrantBody & { departId: string } }>(
    '/sys/permission/saveDepartPermission',
    {
      config: authorize,
      schema: {
        body: {
          type: 'object',
          required: ['departId'],
          properties: { departId: ID_SCHEMA, permissionIds: ID_LIST, lastpermissionIds: ID_LIST },
        },
      },
    },
    async (request) => {
      const { departId, permissionIds, lastpermissionIds } = request.body;
      await saveDepartGrants(db, departId, idList(permissionIds), idList(lastpermissionIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );

  app.get<{ Params: { permissionId: string; departId: string } }>(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    { config: authorize, schema: { params: requiredIds('permissionId', 'departId') } },
    async (request) => {
      const { permissionId, departId } = request.params;
      await requireDepart(db, departId);
      return ok(await dataRuleChoice(db, departOwner(departId), permissionId));
    },
  );

  app.post<{ Body: { permissionId: string; departId: string; dataRuleIds?: string | null } }>(
    '/sys/sysDepartPermission/datarule',
    {
      config: authorize,
      schema: {
        body: {
          type: 'object',
          required: ['permissionId', 'departId'],
          properties: { permissionId: ID_SCHEMA, departId: ID_SCHEMA, dataRuleIds: RULE_IDS },
        },
      },
    },
    async (request) => {
      const { permissionId, departId, dataRuleIds } = request.body;
      await requireDepart(db, departId);
      await saveDataRuleChoice(db, departOwner(departId), permissionId, idList(dataRuleIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );

  app.get<{ Querystring: { departId: string } }>(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: roleAccess, schema: { querystring: requiredIds('departId') } },
    async (request) => {
      const held = await grantedIds(db, departOwner(request.query.departId));
      return ok(await permissionTree(db, new Set(held)));
    },
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: roleAccess, schema: { querystring: requiredIds('roleId') } },
    async (request) => {
      const { roleId } = request.query;
      const departId = await departOfRole(db, roleId);
      return ok(await grantedIds(db, departRoleOwner(roleId, departId)));
    },
  );

  app.post<{ Body: GrantBody & { roleId: string } }>(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    {
      config: roleAccess,
      schema: {
        body: {
          type: 'object',
          required: ['roleId'],
          properties: { roleId: ID_SCHEMA, permissionIds: ID_LIST, lastpermissionIds: ID_LIST },
        },
      },
    },
    async (request) => {
      const { roleId, permissionIds, lastpermissionIds } = request.body;
      const next = idList(permissionIds);
      const last = idList(lastpermissionIds);
      await saveDepartRoleGrants(db, roleId, next, last, request.ip);
      await changed();
      return ok(null, MSG_SAVED);
    },
  );
}
