import type { FastifyInstance } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_SCHEMA } from '../../http/request-schemas';
import type { AppContext } from '../../context';
import {
  applyGrantDiff,
  dataRuleChoice,
  grantedIds,
  idList,
  saveDataRuleChoice,
  type GrantOwner,
} from '../permission/grants';
import { roleExists } from './crud';
import { departIdTree } from './depart-tree';

/**
 * 角色管理 → 授权 (`role:authorize`): the role's grants and the data rules it chose on each
 * menu (the permission tree is permission/tree-routes.ts). Every change publishes
 * `permissions`, so the holders of the role gain or lose the codes (and rules) on their very
 * next call.
 */

export const MSG_SAVED = '保存成功！';
export const MSG_ROLE_MISSING = '角色不存在';

/** A comma list of permission ids (a few thousand at most). */
const ID_LIST = { type: ['string', 'null'], maxLength: 100_000 } as const;

function roleOwner(roleId: string): GrantOwner {
  return { table: 'sys_role_permission', column: 'role_id', id: roleId, audited: true };
}

export async function roleAuthorizeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const changed = () => bus.publish({ kind: 'permissions' });

  async function requireRole(roleId: string): Promise<void> {
    if (!(await roleExists(db, roleId))) throw failure(MSG_ROLE_MISSING);
  }

  app.get(
    '/sys/role/queryDepartTreeList',
    { config: { access: permission('role:list') } },
    async () => ok(await departIdTree(db)),
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/permission/queryRolePermission',
    {
      config: { access: permission('role:authorize') },
      schema: {
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: ID_SCHEMA } },
      },
    },
    async (request) => ok(await grantedIds(db, roleOwner(request.query.roleId))),
  );

  app.post<{
    Body: { roleId: string; permissionIds?: string | null; lastpermissionIds?: string | null };
  }>(
    '/sys/permission/saveRolePermission',
    {
      config: { access: permission('role:authorize') },
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
      await requireRole(roleId);
      await applyGrantDiff(
        db,
        roleOwner(roleId),
        idList(permissionIds),
        idList(lastpermissionIds),
        {
          ip: request.ip,
        },
      );
      await changed();
      return ok(null, MSG_SAVED);
    },
  );

  app.get<{ Params: { permissionId: string; roleId: string } }>(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: { access: permission('role:authorize') },
      schema: {
        params: {
          type: 'object',
          required: ['permissionId', 'roleId'],
          properties: { permissionId: ID_SCHEMA, roleId: ID_SCHEMA },
        },
      },
    },
    async (request) => {
      const { permissionId, roleId } = request.params;
      await requireRole(roleId);
      return ok(await dataRuleChoice(db, roleOwner(roleId), permissionId));
    },
  );

  app.post<{ Body: { permissionId: string; roleId: string; dataRuleIds?: string | null } }>(
    '/sys/role/datarule',
    {
      config: { access: permission('role:authorize') },
      schema: {
        body: {
          type: 'object',
          required: ['permissionId', 'roleId'],
          properties: {
            permissionId: ID_SCHEMA,
            roleId: ID_SCHEMA,
            // data_rule_ids is varchar(1000)
            dataRuleIds: { type: ['string', 'null'], maxLength: 1000 },
          },
        },
      },
    },
    async (request) => {
      const { permissionId, roleId, dataRuleIds } = request.body;
      await requireRole(roleId);
      await saveDataRuleChoice(db, roleOwner(roleId), permissionId, idList(dataRuleIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );
}
