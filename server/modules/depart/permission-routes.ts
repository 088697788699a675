import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { ID_SCHEMA, parseId, type RecordId } from '../../http/request-schemas';
import { rowScope, scoped, type InScope } from '../../http/row-scope';
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
import { DEPART_ROLE_SCOPE, DEPART_SCOPE } from './list';
import { ID_LIST, MSG_SAVED, RULE_IDS, requiredIds } from './request-pieces';

/**
 * 部门管理 → 部门授权 (`depart:authorize`) and 部门角色 → 授权 (`depart:role`): what a
 * department holds, what its roles hold within that, and the data rules each chose. Every
 * change publishes `permissions`: holders gain or lose codes on their next call. The
 * department (or the department of the role) must be inside the caller's row scope on
 * 部门管理.
 */

interface GrantBody {
  readonly permissionIds?: string | null;
  readonly lastpermissionIds?: string | null;
}

export async function departPermissionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const changed = () => bus.publish({ kind: 'permissions' });
  const authorize = { access: permission('depart:authorize'), dataScope: scoped(DEPART_SCOPE) };
  const roleAccess = {
    access: permission('depart:role'),
    dataScope: scoped(DEPART_SCOPE, DEPART_ROLE_SCOPE),
  };
  /** The department, checked against the caller's scope. */
  const departOf = (request: FastifyRequest, raw: string): Promise<InScope<RecordId>> =>
    rowScope(request, DEPART_SCOPE).checkOne(parseId(raw, 'departId'));
  /** The department role, checked against the caller's scope (through its department). */
  const roleOf = (request: FastifyRequest, raw: string): Promise<InScope<RecordId>> =>
    rowScope(request, DEPART_ROLE_SCOPE).checkOne(parseId(raw, 'roleId'));

  app.get<{ Querystring: { departId: string } }>(
    '/sys/permission/queryDepartPermission',
    { config: authorize, schema: { querystring: requiredIds('departId') } },
    async (request) =>
      ok(await grantedIds(db, departOwner(await departOf(request, request.query.departId)))),
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
      const { permissionIds, lastpermissionIds } = request.body;
      const departId = await departOf(request, request.body.departId);
      await saveDepartGrants(db, departId, idList(permissionIds), idList(lastpermissionIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );

  app.get<{ Params: { permissionId: string; departId: string } }>(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    { config: authorize, schema: { params: requiredIds('permissionId', 'departId') } },
    async (request) => {
      const departId = await departOf(request, request.params.departId);
      const permissionId = parseId(request.params.permissionId, 'permissionId');
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
      const { permissionId, dataRuleIds } = request.body;
      const departId = await departOf(request, request.body.departId);
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
      const departId = await departOf(request, request.query.departId);
      const held = await grantedIds(db, departOwner(departId));
      return ok(await permissionTree(db, new Set(held)));
    },
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: roleAccess, schema: { querystring: requiredIds('roleId') } },
    async (request) => {
      const roleId = await roleOf(request, request.query.roleId);
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
      const { permissionIds, lastpermissionIds } = request.body;
      const roleId = await roleOf(request, request.body.roleId);
      const next = idList(permissionIds);
      const last = idList(lastpermissionIds);
      await saveDepartRoleGrants(db, roleId, next, last, request.ip);
      await changed();
      return ok(null, MSG_SAVED);
    },
  );
}
