import type { FastifyInstance } from 'fastify';
import { SELECT_DEPART_BODY, UPDATE_PASSWORD_BODY } from '../../../src/contracts/session-schema';
import { lockedEvent, recordLoginEvent, sourceOf, subjectOf } from '../../auth/login-log';
import { LoginLockedError, loginPolicy } from '../../auth/login-lockout';
import { SIGNED_IN, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { userAdminRoutes } from './admin-routes';
import { userExcelRoutes } from './excel';
import { userMembershipRoutes } from './membership-routes';
import { changeOwnPassword } from './password';
import { userPickerRoutes } from './picker';
import { loadUserDeparts, loadUserInfo } from './queries';
import { userStateRoutes } from './state-routes';

export const MSG_NOT_YOUR_DEPART = '您不属于该部门!';

/** Every /sys/user route: the caller's own account here, 用户管理 in the modules below. */
export async function userRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  await userAdminRoutes(server, ctx);
  await userStateRoutes(server, ctx);
  await userMembershipRoutes(server, ctx);
  await userPickerRoutes(server, ctx);
  await userExcelRoutes(server, ctx);

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: SIGNED_IN } }, async (request) =>
    ok(await loadUserDeparts(ctx.db, principalOf(request).userId)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    schema: { body: SELECT_DEPART_BODY },
    config: { access: SIGNED_IN },
    handler: async (request) => {
      const caller = principalOf(request);
      const { list } = await loadUserDeparts(ctx.db, caller.userId);
      if (!list.some((d) => d.orgCode === request.body.orgCode)) {
        throw new AppError(MSG_NOT_YOUR_DEPART);
      }
      await ctx.db
        .updateTable('sys_user')
        .set({ orgCode: request.body.orgCode })
        .where('id', '=', caller.userId)
        .execute();
      await ctx.bus.publish({ kind: 'user', userId: caller.userId });
      return ok({ userInfo: await loadUserInfo(ctx.db, caller.userId, ctx.config.timeZone) });
    },
  });

  app.post(
    '/sys/user/updatePassword',
    { schema: { body: UPDATE_PASSWORD_BODY }, config: { access: SIGNED_IN, secure: true } },
    async (request) => {
      const caller = principalOf(request);
      const policy = loginPolicy(ctx.config);
      const source = sourceOf(request);
      try {
        await changeOwnPassword(ctx.db, policy, caller, request.body);
      } catch (error) {
        // Wrong old passwords count toward the login lockout; the one that locks is logged.
        if (error instanceof LoginLockedError && error.justLocked) {
          const entry = lockedEvent(caller.userId, caller.username, policy, source);
          await recordLoginEvent(ctx.db, request.log, entry);
        }
        throw error;
      }
      // Other sessions of this account end; the one that changed the password goes on.
      await ctx.sessions.revokeUser(caller.userId, caller.tokenHash);
      await recordLoginEvent(ctx.db, request.log, {
        event: 'password_reset',
        userId: caller.userId,
        username: caller.username,
        source,
        content: `${subjectOf(caller.username)} 修改密码，其他会话已退出`,
      });
      return ok(null, '密码修改成功！');
    },
  );
}
