import type { FastifyInstance } from 'fastify';
import type { SelectDepartRequest, UpdatePasswordRequest } from '../../../src/contracts/session';
import { loginPolicy } from '../../auth/login-lockout';
import { SIGNED_IN, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';
import { userAdminRoutes } from './admin-routes';
import { userExcelRoutes } from './excel';
import { userMembershipRoutes } from './membership-routes';
import { changeOwnPassword } from './password';
import { userPickerRoutes } from './picker';
import { loadUserDeparts, loadUserInfo } from './queries';
import { userStateRoutes } from './state-routes';

export const MSG_NOT_YOUR_DEPART = '您不属于该部门!';

const updatePasswordBody = {
  type: 'object',
  required: ['username', 'oldpassword', 'password', 'confirmpassword'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    oldpassword: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    confirmpassword: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

const selectDepartBody = {
  type: 'object',
  required: ['orgCode'],
  properties: {
    orgCode: { type: 'string', minLength: 1, maxLength: 64 },
    username: { type: 'string', maxLength: 100 },
  },
} as const;

/** Every /sys/user route: the caller's own account here, 用户管理 in the modules below. */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await userAdminRoutes(app, ctx);
  await userStateRoutes(app, ctx);
  await userMembershipRoutes(app, ctx);
  await userPickerRoutes(app, ctx);
  await userExcelRoutes(app, ctx);

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: SIGNED_IN } }, async (request) =>
    ok(await loadUserDeparts(ctx.db, principalOf(request).userId)),
  );

  app.route<{ Body: SelectDepartRequest }>({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    schema: { body: selectDepartBody },
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

  app.post<{ Body: UpdatePasswordRequest }>(
    '/sys/user/updatePassword',
    { schema: { body: updatePasswordBody }, config: { access: SIGNED_IN } },
    async (request) => {
      const caller = principalOf(request);
      await changeOwnPassword(ctx.db, loginPolicy(ctx.config), caller, request.body);
      // Other sessions of this account end; the one that changed the password goes on.
      await ctx.sessions.revokeUser(caller.userId, caller.tokenHash);
      return ok(null, '密码修改成功！');
    },
  );
}
