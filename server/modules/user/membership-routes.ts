import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  MSG_ADDED,
  MSG_DELETED,
  MSG_NOT_FOUND,
  parseId,
  splitIds,
  type RecordId,
} from '../../http/request-schemas';
import { rowScope, scoped, type InScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import {
  DEPART_USER_ENTITY,
  listUsers,
  ROLE_USER_ENTITY,
  USER_DICT_FIELDS,
  USER_SCOPE,
} from './list';
import { ROLE_SCOPE } from '../role/list';
import { DEPART_SCOPE } from '../depart/list';
import { addDepartUsers, addRoleUsers, removeDepartUsers, removeRoleUsers } from './membership';
import {
  DEPART_MEMBER_QUERY,
  DEPART_MEMBERS_BODY,
  DEPART_MEMBERS_QUERY,
  DEPART_USERS_QUERY,
  ROLE_MEMBER_QUERY,
  ROLE_MEMBERS_BODY,
  ROLE_MEMBERS_QUERY,
  ROLE_USERS_QUERY,
  userIdsOf,
} from './schemas';

/**
 * The user lists of 角色管理 → 用户 (`role:user`) and 部门管理 → 用户 (`depart:user`): who holds
 * a role, who belongs to a department, adding and removing them. Every change publishes
 * `{kind: 'user'}` for the users concerned (their codes, org codes and data rules change).
 * The role or department must be inside the caller's row scope on 角色管理 / 部门管理 (the
 * screen that admitted the call); the users meet the rules of 用户管理 only as far as that
 * screen's codes carry them (`rulesFor`), which they do not.
 */

type Id = InScope<RecordId>;

export async function userMembershipRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);
  const publish = async (userIds: readonly string[]) => {
    for (const userId of userIds) await ctx.bus.publish({ kind: 'user', userId });
  };

  const roleUser = {
    access: permission('role:user'),
    dataScope: scoped(ROLE_SCOPE, USER_SCOPE),
  };
  const departUser = {
    access: permission('depart:user'),
    dataScope: scoped(DEPART_SCOPE, USER_SCOPE),
  };

  /** The role or department (first declared entity) and the users, each checked. */
  const checked = async (request: FastifyRequest, owner: string, name: string, users: RecordId[]) =>
    [
      await rowScope(request).checkOne(parseId(owner, name)),
      await rowScope(request, USER_SCOPE).check(users),
    ] as const;

  app.get(
    '/sys/user/userRoleList',
    { config: roleUser, schema: { querystring: ROLE_USERS_QUERY } },
    async (request) => {
      const roleId = await rowScope(request).checkOne(parseId(request.query.roleId, 'roleId'));
      const source = { roleId, scope: rowScope(request, USER_SCOPE) };
      const page = await listUsers(db, request.query, ROLE_USER_ENTITY, source, { timeZone });
      return ok(await pageWithDictTexts(page, USER_DICT_FIELDS, dictionaries));
    },
  );

  app.post(
    '/sys/user/addSysUserRole',
    { config: roleUser, schema: { body: ROLE_MEMBERS_BODY } },
    async (request) => {
      const users = userIdsOf(request.body.userIdList);
      const [roleId, userIds] = await checked(request, request.body.roleId, 'roleId', users);
      await addRoleUsers(db, roleId, userIds);
      await publish(userIds);
      return ok(null, MSG_ADDED);
    },
  );

  const removeRole = async (roleId: Id, userIds: readonly Id[]) => {
    const removed = await removeRoleUsers(db, roleId, userIds);
    if (removed.length === 0) throw failure(MSG_NOT_FOUND);
    await publish(removed);
    return ok(null, MSG_DELETED);
  };

  app.delete(
    '/sys/user/deleteUserRole',
    { config: roleUser, schema: { querystring: ROLE_MEMBER_QUERY } },
    async (request) => {
      const { roleId, userId } = request.query;
      return removeRole(...(await checked(request, roleId, 'roleId', [parseId(userId, 'userId')])));
    },
  );

  app.delete(
    '/sys/user/deleteUserRoleBatch',
    { config: roleUser, schema: { querystring: ROLE_MEMBERS_QUERY } },
    async (request) => {
      const users = splitIds(request.query.userIds ?? request.query.ids);
      return removeRole(...(await checked(request, request.query.roleId, 'roleId', users)));
    },
  );

  app.get(
    '/sys/user/departUserList',
    { config: departUser, schema: { querystring: DEPART_USERS_QUERY } },
    async (request) => {
      const departId = await rowScope(request).checkOne(parseId(request.query.depId, 'depId'));
      const source = { departId, scope: rowScope(request, USER_SCOPE) };
      const page = await listUsers(db, request.query, DEPART_USER_ENTITY, source, { timeZone });
      return ok(await pageWithDictTexts(page, USER_DICT_FIELDS, dictionaries));
    },
  );

  app.post(
    '/sys/user/editSysDepartWithUser',
    { config: departUser, schema: { body: DEPART_MEMBERS_BODY } },
    async (request) => {
      const users = userIdsOf(request.body.userIdList);
      const [depId, userIds] = await checked(request, request.body.depId, 'depId', users);
      await addDepartUsers(db, depId, userIds);
      await publish(userIds);
      return ok(null, MSG_ADDED);
    },
  );

  const removeMembers = async (depId: Id, userIds: readonly Id[]) => {
    if ((await removeDepartUsers(db, depId, userIds)) === 0) throw failure(MSG_NOT_FOUND);
    await publish(userIds);
    return ok(null, MSG_DELETED);
  };

  app.delete(
    '/sys/user/deleteUserInDepart',
    { config: departUser, schema: { querystring: DEPART_MEMBER_QUERY } },
    async (request) => {
      const { depId, userId } = request.query;
      return removeMembers(
        ...(await checked(request, depId, 'depId', [parseId(userId, 'userId')])),
      );
    },
  );

  app.delete(
    '/sys/user/deleteUserInDepartBatch',
    { config: departUser, schema: { querystring: DEPART_MEMBERS_QUERY } },
    async (request) => {
      const users = splitIds(request.query.userIds ?? request.query.ids);
      return removeMembers(...(await checked(request, request.query.depId, 'depId', users)));
    },
  );
}
