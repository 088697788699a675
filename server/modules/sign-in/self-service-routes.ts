import type { FastifyInstance } from 'fastify';
import {
  MSG_PASSWORDS_DIFFER,
  MSG_PASSWORD_WEAK,
  MSG_REGISTERED,
  MSG_REGISTRATION_OFF,
  MSG_RESET_DONE,
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_OFF,
  SMS_MODE_REGISTER,
  SMS_MODE_RESET,
  passwordStrong,
} from '../../../src/contracts/sign-in';
import { PASSWORD_CHANGE_BODY, REGISTER_BODY } from '../../../src/contracts/sign-in-schema';
import { clearLoginFailures } from '../../auth/login-lockout';
import { recordLoginEvent, sourceOf, subjectOf } from '../../auth/login-log';
import { hashPassword } from '../../auth/password';
import { enteringUser } from '../../auth/sign-in';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import { LOGIN_RATE_LIMIT } from '../session/routes';
import { addUser, checkNewUser } from '../user/crud';
import { usernameTaken } from '../user/record';
import { MSG_USERNAME_TAKEN } from '../user/uniques';
import { consumeSmsCode, smsCodeStore } from './sms-codes';
import { checkedMobile } from './sms-routes';

function checkNewPassword(password: string, confirm: string): void {
  if (!passwordStrong(password)) throw new AppError(MSG_PASSWORD_WEAK);
  if (password !== confirm) throw new AppError(MSG_PASSWORDS_DIFFER);
}

/** The id of the role registered users get (REGISTRATION_ROLE), or none. */
async function registrationRoleIds(ctx: AppContext): Promise<string[]> {
  const code = ctx.config.signIn.registrationRole;
  if (!code) return [];
  const role = await ctx.db
    .selectFrom('sys_role')
    .select('id')
    .where('roleCode', '=', code)
    .executeTakeFirst();
  if (!role) throw new Error(`REGISTRATION_ROLE names no role: "${code}"`);
  return [role.id];
}

/**
 * Registration (REGISTRATION=on) and the password reset by phone (with an SMS provider).
 * Every check that needs no code runs before the code is taken, so a typo costs no code.
 */
export async function selfServiceRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const config = { access: PUBLIC, secure: true, rateLimit: LOGIN_RATE_LIMIT };

  app.post('/sys/user/register', { schema: { body: REGISTER_BODY }, config }, async (request) => {
    if (!ctx.config.signIn.registration) throw new AppError(MSG_REGISTRATION_OFF);
    const body = request.body;
    const phone = checkedMobile(body.phone);
    checkNewPassword(body.password, body.confirmPassword);
    const user = checkNewUser({
      username: body.username,
      realname: body.realname?.trim() || body.username.trim(),
      phone,
      selectedroles: (await registrationRoleIds(ctx)).join(','),
    });
    if (await usernameTaken(ctx.db, user.username, null)) throw new AppError(MSG_USERNAME_TAKEN);
    await consumeSmsCode(smsCodeStore(ctx), phone, SMS_MODE_REGISTER, body.smscode);
    await addUser(ctx.db, user, await hashPassword(body.password), {
      userId: '',
      username: user.username,
    });
    request.log.info({ username: user.username }, 'user registered');
    return ok({ username: user.username }, MSG_REGISTERED);
  });

  app.post(
    '/sys/user/passwordChange',
    { schema: { body: PASSWORD_CHANGE_BODY }, config },
    async (request) => {
      if (!ctx.config.signIn.sms) throw new AppError(MSG_SMS_OFF);
      const body = request.body;
      const phone = checkedMobile(body.phone);
      checkNewPassword(body.password, body.confirmPassword);
      await consumeSmsCode(smsCodeStore(ctx), phone, SMS_MODE_RESET, body.smscode);
      const user = await enteringUser(ctx.db, { phone });
      if (!user) throw new AppError(MSG_SMS_CODE_EXPIRED);
      await ctx.db
        .updateTable('sys_user')
        .set({
          password: await hashPassword(body.password),
          passwordChangedAt: new Date(),
          updateBy: user.username,
          updateTime: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      // The phone proved who it is: the lock ends, and every session of the account ends.
      await clearLoginFailures(ctx.db, user.username);
      await ctx.sessions.revokeUser(user.id);
      await recordLoginEvent(ctx.db, request.log, {
        event: 'password_reset',
        userId: user.id,
        username: user.username,
        source: sourceOf(request),
        content: `${subjectOf(user.username)} 通过手机验证码重置密码，所有会话已退出`,
      });
      return ok(null, MSG_RESET_DONE);
    },
  );
}
