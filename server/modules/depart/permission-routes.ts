import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { ID_SCHEMA, parseId, type RecordId } from '../../http/request-schemas';
import { rowScope, scoped, type InScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
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
import { ID_LIST, MSG_SAVED, RULE_IDS } from './request-pieces';

/**
 * 部门管理 → 部门授权 (`depart:authorize`) and 部门角色 → 授权 (`depart:role`): what a
 * department holds, what its roles hold within that, and the data rules each chose. Every
 * change publishes `permissions`: holders gain or lose codes on their next call. The
 * department (or the department of the role) must be inside the caller's row scope on
 * 部门管理.
 */

/** The ids granted now and the ids granted when the screen opened (comma lists). */
const GRANTS = { permissionIds: ID_LIST, lastpermissionIds: ID_LIST };
const DEPART_QUERY = Type.Object({ departId: ID_SCHEMA });
const ROLE_QUERY = Type.Object({ roleId: ID_SCHEMA });

export async function departPermissionRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
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

  app.get(
    '/sys/permission/queryDepartPermission',
    { config: authorize, schema: { querystring: DEPART_QUERY } },
    async (request) =>
      ok(await grantedIds(db, departOwner(await departOf(request, request.query.departId)))),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    {
      config: authorize,
      schema: { body: Type.Object({ departId: ID_SCHEMA, ...GRANTS }) },
    },
    async (request) => {
      const { permissionIds, lastpermissionIds } = request.body;
      const departId = await departOf(request, request.body.departId);
      await saveDepartGrants(db, departId, idList(permissionIds), idList(lastpermissionIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );

  app.get(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    {
      config: authorize,
      schema: { params: Type.Object({ permissionId: ID_SCHEMA, departId: ID_SCHEMA }) },
    },
    async (request) => {
      const departId = await departOf(request, request.params.departId);
      const permissionId = parseId(request.params.permissionId, 'permissionId');
      await requireDepart(db, departId);
      return ok(await dataRuleChoice(db, departOwner(departId), permissionId));
    },
  );

  app.post(
    '/sys/sysDepartPermission/datarule',
    {
      config: authorize,
      schema: {
        body: Type.Object({ permissionId: ID_SCHEMA, departId: ID_SCHEMA, dataRuleIds: RULE_IDS }),
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

  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: roleAccess, schema: { querystring: DEPART_QUERY } },
    async (request) => {
      const departId = await departOf(request, request.query.departId);
      const held = await grantedIds(db, departOwner(departId));
      return ok(await permissionTree(db, new Set(held)));
    },
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: roleAccess, schema: { querystring: ROLE_QUERY } },
    async (request) => {
      const roleId = await roleOf(request, request.query.roleId);
      const departId = await departOfRole(db, roleId);
      return ok(await grantedIds(db, departRoleOwner(roleId, departId)));
    },
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    {
      config: roleAccess,
      schema: { body: Type.Object({ roleId: ID_SCHEMA, ...GRANTS }) },
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
