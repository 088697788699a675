import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import {
  ID_SCHEMA,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  type RecordId,
} from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { NullableText } from '../../http/schema-types';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { dataRuleChoice, idList, saveDataRuleChoice } from '../permission/grants';
import { departOfRole, departRoleOwner } from './grants';
import { DEPART_ROLE_SCOPE, DEPART_SCOPE } from './list';
import { MSG_SAVED, RULE_IDS } from './request-pieces';
import { setUserDepartRoles, userDepartRoleIds } from './role-users';
import {
  addDepartRole,
  DEPART_ROLE_ADD_BODY,
  DEPART_ROLE_EDIT_BODY,
  deleteDepartRoles,
  departRolesOf,
  editDepartRole,
  listDepartRoles,
} from './roles';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 部门管理 → 部门角色 (`depart:role`): the roles of a department, who holds them and the data
 * rules each chose. Changes of roles, holders or rules publish `permissions`. The department
 * (and the department of every role named) must be inside the caller's row scope on 部门管理.
 */

const BASE = '/sys/sysDepartRole';
/** A comma list of department role ids. */
const ROLE_IDS = NullableText(40_000);

export async function departRoleRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
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

  app.get(
    `${BASE}/list`,
    // The list's own parameters (paging, sort, filters) are the list translator's to check.
    { config, schema: { querystring: Type.Object({ deptId: ID_SCHEMA }) } },
    async (request) => {
      const departId = await departOf(request, request.query.deptId, 'deptId');
      return ok(await listDepartRoles(db, departId, request.query, { timeZone }));
    },
  );

  app.post(`${BASE}/add`, { config, schema: { body: DEPART_ROLE_ADD_BODY } }, async (request) => {
    const { body } = request;
    const departId = await departOf(request, body.departId);
    return ok(await addDepartRole(db, departId, body, principalOf(request).username), MSG_ADDED);
  });

  app.put(`${BASE}/edit`, { config, schema: { body: DEPART_ROLE_EDIT_BODY } }, async (request) => {
    const [id] = await rolesOf(request, [parseId(request.body.id)]);
    await editDepartRole(db, id!, request.body, principalOf(request).username);
    return ok(null, MSG_EDITED);
  });

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'depart:role', batch: 'depart:role' },
    entity: DEPART_ROLE_SCOPE,
    remove: async (ids) => {
      const removed = await deleteDepartRoles(db, ids);
      if (removed > 0) await changed();
      return removed;
    },
  });

  app.get(
    `${BASE}/getDeptRoleList`,
    {
      config,
      schema: {
        querystring: Type.Object({ departId: ID_SCHEMA, userId: Type.Optional(ID_SCHEMA) }),
      },
    },
    async (request) =>
      ok(await departRolesOf(db, await departOf(request, request.query.departId), timeZone)),
  );

  app.get(
    `${BASE}/getDeptRoleByUserId`,
    {
      config,
      schema: { querystring: Type.Object({ userId: ID_SCHEMA, departId: ID_SCHEMA }) },
    },
    async (request) => {
      const departId = await departOf(request, request.query.departId);
      return ok(await userDepartRoleIds(db, parseId(request.query.userId, 'userId'), departId));
    },
  );

  app.post(
    `${BASE}/deptRoleUserAdd`,
    {
      config,
      schema: {
        body: Type.Object({ userId: ID_SCHEMA, newRoleId: ROLE_IDS, oldRoleId: ROLE_IDS }),
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

  app.get(
    `${BASE}/datarule/:permissionId/:departId/:roleId`,
    {
      config,
      schema: {
        params: Type.Object({ permissionId: ID_SCHEMA, departId: ID_SCHEMA, roleId: ID_SCHEMA }),
      },
    },
    async (request) => {
      const departId = await departOf(request, request.params.departId);
      const permissionId = parseId(request.params.permissionId, 'permissionId');
      const roleId = parseId(request.params.roleId, 'roleId');
      await departOfRole(db, roleId, departId);
      return ok(await dataRuleChoice(db, departRoleOwner(roleId, departId), permissionId));
    },
  );

  app.post(
    `${BASE}/datarule`,
    {
      config,
      schema: {
        body: Type.Object({
          permissionId: ID_SCHEMA,
          departId: ID_SCHEMA,
          roleId: ID_SCHEMA,
          dataRuleIds: RULE_IDS,
        }),
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
