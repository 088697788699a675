import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_SCHEMA, parseId, type RecordId } from '../../http/request-schemas';
import { noRowScope, rowScope, scoped, type InScope } from '../../http/row-scope';
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
import { ROLE_SCOPE } from './list';

/**
 * 角色管理 → 授权 (`role:authorize`): the role's grants and the data rules it chose on each
 * menu (the permission tree is permission/tree-routes.ts). Every change publishes
 * `permissions`, so the holders of the role gain or lose the codes (and rules) on their very
 * next call. A role outside the caller's row scope on 角色管理 is refused (没有该数据的操作权限).
 */

export const MSG_SAVED = '保存成功！';
export const MSG_ROLE_MISSING = '角色不存在';

/** A comma list of permission ids (a few thousand at most). */
const ID_LIST = { type: ['string', 'null'], maxLength: 100_000 } as const;

function roleOwner(roleId: InScope<RecordId>): GrantOwner {
  return { table: 'sys_role_permission', column: 'role_id', id: roleId, audited: true };
}

export async function roleAuthorizeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const changed = () => bus.publish({ kind: 'permissions' });

  const dataScope = scoped(ROLE_SCOPE);

  /** The role, if it exists and the caller's scope lets it through. */
  async function requireRole(request: FastifyRequest, raw: string): Promise<InScope<RecordId>> {
    const roleId = await rowScope(request).checkOne(parseId(raw, 'roleId'));
    if (!(await roleExists(db, roleId))) throw failure(MSG_ROLE_MISSING);
    return roleId;
  }

  app.get(
    '/sys/role/queryDepartTreeList',
    {
      config: {
        access: permission('role:list'),
        dataScope: noRowScope('部门树（选择用），不是角色的数据'),
      },
    },
    async () => ok(await departIdTree(db)),
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/permission/queryRolePermission',
    {
      config: { access: permission('role:authorize'), dataScope },
      schema: {
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: ID_SCHEMA } },
      },
    },
    async (request) => {
      const roleId = await rowScope(request).checkOne(parseId(request.query.roleId, 'roleId'));
      return ok(await grantedIds(db, roleOwner(roleId)));
    },
  );

  app.post<{
    Body: { roleId: string; permissionIds?: string | null; lastpermissionIds?: string | null };
  }>(
    '/sys/permission/saveRolePermission',
    {
      config: { access: permission('role:authorize'), dataScope },
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
      const roleId = await requireRole(request, request.body.roleId);
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
      config: { access: permission('role:authorize'), dataScope },
      schema: {
        params: {
          type: 'object',
          required: ['permissionId', 'roleId'],
          properties: { permissionId: ID_SCHEMA, roleId: ID_SCHEMA },
        },
      },
    },
    async (request) => {
      const roleId = await requireRole(request, request.params.roleId);
      const permissionId = parseId(request.params.permissionId, 'permissionId');
      return ok(await dataRuleChoice(db, roleOwner(roleId), permissionId));
    },
  );

  app.post<{ Body: { permissionId: string; roleId: string; dataRuleIds?: string | null } }>(
    '/sys/role/datarule',
    {
      config: { access: permission('role:authorize'), dataScope },
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
      const { dataRuleIds } = request.body;
      const roleId = await requireRole(request, request.body.roleId);
      const permissionId = parseId(request.body.permissionId, 'permissionId');
      await saveDataRuleChoice(db, roleOwner(roleId), permissionId, idList(dataRuleIds));
      await changed();
      return ok(null, MSG_SAVED);
    },
  );
}
