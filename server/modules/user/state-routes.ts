import type { FastifyInstance } from 'fastify';
import { recordLoginEvent, sourceOf, subjectOf } from '../../auth/login-log';
import { hashPassword } from '../../auth/password';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  MSG_DELETED,
  MSG_NOT_FOUND,
  parseId,
  parseOptionalId,
  splitIds,
} from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { listUsers, USER_DICT_FIELDS, USER_LIST_ENTITY, USER_SCOPE } from './list';
import { CHANGE_PASSWORD_BODY, FROZEN_BODY, USER_IDS, USER_LIST_QUERY } from './schemas';
import { actorOf } from './scope';
import { deleteUsers, purgeUsers, resetPassword, restoreUsers, setUserStatus } from './state';
import { checkNewPassword } from './validate';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * A user's state: delete into the recycle bin, restore, remove for good, freeze and thaw, and
 * the administrator's password reset. Deleting, freezing and resetting end every session of
 * the user at once (`revokeUser` also drops their cached principal in every process); a reset
 * writes the user's 登录日志 `password_reset` row.
 * Every route, the recycle bin's included, reads and writes within the caller's row scope on
 * users (the rules of 用户管理 are filed under each of its buttons' codes).
 */

const dataScope = scoped(USER_SCOPE);

export const MSG_FROZEN = '冻结成功！';
export const MSG_THAWED = '解冻成功！';
export const MSG_RESTORED = '还原成功！';
export const MSG_PASSWORD_RESET = '密码重置成功！';
export const MSG_WHOSE_PASSWORD = '请指定要重置密码的用户（username 或 id）';

export async function userStateRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, sessions } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);

  const endSessions = async (ids: readonly string[]) => {
    for (const id of ids) await sessions.revokeUser(id);
  };
  const publish = async (ids: readonly string[]) => {
    for (const userId of ids) await ctx.bus.publish({ kind: 'user', userId });
  };

  deleteRoutes(server, {
    base: '/sys/user',
    codes: { one: 'user:delete', batch: 'user:deleteBatch' },
    entity: USER_SCOPE,
    remove: async (ids, request) => {
      const deleted = await deleteUsers(db, ids, actorOf(request));
      await endSessions(deleted);
      return deleted.length;
    },
  });

  app.put(
    '/sys/user/frozenBatch',
    { config: { access: permission('user:frozen'), dataScope }, schema: { body: FROZEN_BODY } },
    async (request) => {
      const ids = await rowScope(request).check(splitIds(request.body.ids));
      const status = Number(request.body.status) === 2 ? 2 : 1;
      const changed = await setUserStatus(db, ids, status, actorOf(request));
      if (changed.length === 0) throw failure(MSG_NOT_FOUND);
      if (status === 2) await endSessions(changed);
      else await publish(changed);
      return ok(null, status === 2 ? MSG_FROZEN : MSG_THAWED);
    },
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { access: permission('user:resetPassword'), secure: true, dataScope },
      schema: { body: CHANGE_PASSWORD_BODY },
    },
    async (request) => {
      const { username, id, password, confirmpassword } = request.body;
      if (!username && !id) throw failure(MSG_WHOSE_PASSWORD);
      const checked = checkNewPassword(password, confirmpassword);
      let query = db.selectFrom('sys_user').select(['id', 'username']).where('delFlag', '=', 0);
      query = id
        ? query.where('id', '=', parseId(id))
        : query.where('username', '=', username!.trim());
      const user = await query.executeTakeFirst();
      if (!user) throw failure(MSG_NOT_FOUND);
      const userId = await rowScope(request).checkOne(parseId(user.id));
      const actor = actorOf(request);
      await resetPassword(db, userId, await hashPassword(checked), actor);
      await sessions.revokeUser(user.id);
      await recordLoginEvent(db, request.log, {
        event: 'password_reset',
        userId: user.id,
        username: user.username,
        source: sourceOf(request),
        content: `${subjectOf(user.username)} 密码被 ${actor.username} 重置，全部会话已退出`,
      });
      return ok(null, MSG_PASSWORD_RESET);
    },
  );

  app.get(
    '/sys/user/recycleBin',
    {
      config: { access: permission('user:recycleBin'), dataScope },
      schema: { querystring: USER_LIST_QUERY },
    },
    async (request) => {
      const source = {
        deleted: true,
        departId: parseOptionalId(request.query.departId, 'departId'),
        scope: rowScope(request),
      };
      const page = await listUsers(db, request.query, USER_LIST_ENTITY, source, { timeZone });
      return ok(await pageWithDictTexts(page, USER_DICT_FIELDS, dictionaries));
    },
  );

  app.put(
    '/sys/user/putRecycleBin',
    { config: { access: permission('user:recycleBin'), dataScope }, schema: { body: USER_IDS } },
    async (request) => {
      const body = request.body ?? {};
      const ids = await rowScope(request).check(splitIds(body.userIds ?? body.ids));
      const restored = await restoreUsers(db, ids, actorOf(request));
      if (restored.length === 0) throw failure(MSG_NOT_FOUND);
      await publish(restored);
      return ok(null, MSG_RESTORED);
    },
  );

  app.delete(
    '/sys/user/deleteRecycleBin',
    {
      config: { access: permission('user:recycleBin'), dataScope },
      schema: { querystring: USER_IDS },
    },
    async (request) => {
      const ids = await rowScope(request).check(
        splitIds(request.query.userIds ?? request.query.ids),
      );
      const removed = await purgeUsers(db, ids);
      if (removed.length === 0) throw failure(MSG_NOT_FOUND);
      await publish(removed);
      return ok(null, MSG_DELETED);
    },
  );
}
