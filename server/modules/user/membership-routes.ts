import type { FastifyInstance } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import { MSG_ADDED, MSG_DELETED, MSG_NOT_FOUND, splitIds } from '../../http/request-schemas';
import type { AppContext } from '../../context';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { DEPART_USER_ENTITY, listUsers, ROLE_USER_ENTITY, USER_DICT_FIELDS } from './list';
import { addDepartUsers, addRoleUsers, removeDepartUsers, removeRoleUsers } from './membership';
import { listQuery, memberBody, memberQuery, userIdsOf } from './schemas';

/**
 * The user lists of 角色管理 → 用户 (`role:user`) and 部门管理 → 用户 (`depart:user`): who holds
 * a role, who belongs to a department, adding and removing them. Every change publishes
 * `{kind: 'user'}` for the users concerned (their codes, org codes and data rules change).
 */

export async function userMembershipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);
  const publish = async (userIds: readonly string[]) => {
    for (const userId of userIds) await ctx.bus.publish({ kind: 'user', userId });
  };

  const roleUser = permission('role:user');
  const departUser = permission('depart:user');

  app.get<{ Querystring: ListParams & { roleId: string } }>(
    '/sys/user/userRoleList',
    { config: { access: roleUser }, schema: { querystring: listQuery('roleId', true) } },
    async (request) => {
      const source = { roleId: request.query.roleId };
      const page = await listUsers(db, request.query, ROLE_USER_ENTITY, source, { timeZone });
      return ok(await pageWithDictTexts(page, USER_DICT_FIELDS, dictionaries));
    },
  );

  app.post<{ Body: { roleId: string; userIdList: string[] | string } }>(
    '/sys/user/addSysUserRole',
    { config: { access: roleUser }, schema: { body: memberBody('roleId') } },
    async (request) => {
      const userIds = userIdsOf(request.body.userIdList);
      await addRoleUsers(db, request.body.roleId, userIds);
      await publish(userIds);
      return ok(null, MSG_ADDED);
    },
  );

  const removeRole = async (roleId: string, userIds: readonly string[]) => {
    const removed = await removeRoleUsers(db, roleId, userIds);
    if (removed.length === 0) throw failure(MSG_NOT_FOUND);
    await publish(removed);
    return ok(null, MSG_DELETED);
  };

  app.delete<{ Querystring: { roleId: string; userId: string } }>(
    '/sys/user/deleteUserRole',
    { config: { access: roleUser }, schema: { querystring: memberQuery('roleId', 'userId') } },
    async (request) => removeRole(request.query.roleId, [request.query.userId]),
  );

  app.delete<{ Querystring: { roleId: string; userIds?: string; ids?: string } }>(
    '/sys/user/deleteUserRoleBatch',
    { config: { access: roleUser }, schema: { querystring: memberQuery('roleId', 'userIds') } },
    async (request) =>
      removeRole(request.query.roleId, splitIds(request.query.userIds ?? request.query.ids)),
  );

  app.get<{ Querystring: ListParams & { depId: string } }>(
    '/sys/user/departUserList',
    { config: { access: departUser }, schema: { querystring: listQuery('depId', true) } },
    async (request) => {
      const source = { departId: request.query.depId };
      const page = await listUsers(db, request.query, DEPART_USER_ENTITY, source, { timeZone });
      return ok(await pageWithDictTexts(page, USER_DICT_FIELDS, dictionaries));
    },
  );

  app.post<{ Body: { depId: string; userIdList: string[] | string } }>(
    '/sys/user/editSysDepartWithUser',
    { config: { access: departUser }, schema: { body: memberBody('depId') } },
    async (request) => {
      const userIds = userIdsOf(request.body.userIdList);
      await addDepartUsers(db, request.body.depId, userIds);
      await publish(userIds);
      return ok(null, MSG_ADDED);
    },
  );

  const removeMembers = async (depId: string, userIds: readonly string[]) => {
    if ((await removeDepartUsers(db, depId, userIds)) === 0) throw failure(MSG_NOT_FOUND);
    await publish(userIds);
    return ok(null, MSG_DELETED);
  };

  app.delete<{ Querystring: { depId: string; userId: string } }>(
    '/sys/user/deleteUserInDepart',
    { config: { access: departUser }, schema: { querystring: memberQuery('depId', 'userId') } },
    async (request) => removeMembers(request.query.depId, [request.query.userId]),
  );

  app.delete<{ Querystring: { depId: string; userIds?: string; ids?: string } }>(
    '/sys/user/deleteUserInDepartBatch',
    { config: { access: departUser }, schema: { querystring: memberQuery('depId', 'userIds') } },
    async (request) =>
      removeMembers(request.query.depId, splitIds(request.query.userIds ?? request.query.ids)),
  );
}
