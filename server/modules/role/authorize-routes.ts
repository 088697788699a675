import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_SCHEMA, parseId, type RecordId } from '../../http/request-schemas';
import { noRowScope, rowScope, scoped, type InScope } from '../../http/row-scope';
import { NullableText } from '../../http/schema-types';
import { typed } from '../../http/typed';
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
const ID_LIST = NullableText(100_000);

const ROLE_QUERY = Type.Object({ roleId: ID_SCHEMA });

/** The role's grants now (`permissionIds`) and as the form loaded them (`lastpermissionIds`). */
const SAVE_GRANTS_BODY = Type.Object({
  roleId: ID_SCHEMA,
  permissionIds: ID_LIST,
  lastpermissionIds: ID_LIST,
});

const DATA_RULE_PARAMS = Type.Object({ permissionId: ID_SCHEMA, roleId: ID_SCHEMA });

const DATA_RULE_BODY = Type.Object({
  permissionId: ID_SCHEMA,
  roleId: ID_SCHEMA,
  // data_rule_ids is varchar(1000)
  dataRuleIds: NullableText(1000),
});

function roleOwner(roleId: InScope<RecordId>): GrantOwner {
  return { table: 'sys_role_permission', column: 'role_id', id: roleId, audited: true };
}

export async function roleAuthorizeRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
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

  app.get(
    '/sys/permission/queryRolePermission',
    {
      config: { access: permission('role:authorize'), dataScope },
      schema: { querystring: ROLE_QUERY },
    },
    async (request) => {
      const roleId = await rowScope(request).checkOne(parseId(request.query.roleId, 'roleId'));
      return ok(await grantedIds(db, roleOwner(roleId)));
    },
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: { access: permission('role:authorize'), dataScope },
      schema: { body: SAVE_GRANTS_BODY },
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

  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: { access: permission('role:authorize'), dataScope },
      schema: { params: DATA_RULE_PARAMS },
    },
    async (request) => {
      const roleId = await requireRole(request, request.params.roleId);
      const permissionId = parseId(request.params.permissionId, 'permissionId');
      return ok(await dataRuleChoice(db, roleOwner(roleId), permissionId));
    },
  );

  app.post(
    '/sys/role/datarule',
    {
      config: { access: permission('role:authorize'), dataScope },
      schema: { body: DATA_RULE_BODY },
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
