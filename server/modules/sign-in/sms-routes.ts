import type { FastifyInstance } from 'fastify';
import {
  MOBILE_PATTERN,
  MSG_MOBILE_INVALID,
  MSG_REGISTRATION_OFF,
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_OFF,
  MSG_SMS_SENT,
  SMS_MODE_LOGIN,
  SMS_MODE_REGISTER,
  type SmsMode,
} from '../../../src/contracts/sign-in';
import { PHONE_LOGIN_BODY, SMS_BODY } from '../../../src/contracts/sign-in-schema';
import { LoginLockedError, countFailure, loginPolicy } from '../../auth/login-lockout';
import { lockedEvent, recordLoginEvent, sourceOf, subjectOf } from '../../auth/login-log';
import { enteringUser, openChannelSession, requireLoginCertificate } from '../../auth/sign-in';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import { LOGIN_RATE_LIMIT } from '../session/routes';
import { SmsCodeRefused, consumeSmsCode, issueSmsCode, smsCodeStore } from './sms-codes';
import { REGISTERED_NOTICE, codeText, createSmsSender, needsAccount } from './sms-senders';

/** A mainland mobile number, or the message. */
export function checkedMobile(raw: string): string {
  const mobile = raw.trim();
  if (!MOBILE_PATTERN.test(mobile)) throw new AppError(MSG_MOBILE_INVALID);
  return mobile;
}

function modeOf(raw: number | string): SmsMode {
  const mode = Number(raw);
  if (mode === 0 || mode === 1 || mode === 2) return mode;
  throw new AppError('smsmode 须为 0、1 或 2');
}

/** POST /sys/sms and POST /sys/phoneLogin (only with an SMS_PROVIDER). */
export async function smsRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const sms = ctx.config.signIn.sms;
  const sender = sms ? createSmsSender(sms, server.log) : null;
  const codes = smsCodeStore(ctx);
  const limited = { access: PUBLIC, rateLimit: LOGIN_RATE_LIMIT };

  app.post('/sys/sms', { schema: { body: SMS_BODY }, config: limited }, async (request) => {
    if (!sender) throw new AppError(MSG_SMS_OFF);
    const mobile = checkedMobile(request.body.mobile);
    const mode = modeOf(request.body.smsmode);
    if (mode === SMS_MODE_REGISTER && !ctx.config.signIn.registration) {
      throw new AppError(MSG_REGISTRATION_OFF);
    }
    const user = await enteringUser(ctx.db, { phone: mobile });
    // Login and reset codes go only to a number with an account, a registration code only to
    // one without; the answer is the same either way, and is given before the text is sent.
    const gets = needsAccount(mode) ? user !== undefined : user === undefined;
    const code = await issueSmsCode(codes, { mobile, mode, ip: request.ip }, gets);
    const text =
      code !== null ? codeText(mode, code) : user && !needsAccount(mode) ? REGISTERED_NOTICE : null;
    if (text !== null) {
      sender.send({ mobile, mode, code, text }).catch((err: unknown) => {
        request.log.error({ err, mode }, 'SMS not sent');
      });
    }
    return ok(null, MSG_SMS_SENT);
  });

  app.post(
    '/sys/phoneLogin',
    { schema: { body: PHONE_LOGIN_BODY }, config: { ...limited, secure: true } },
    async (request) => {
      if (!sender) throw new AppError(MSG_SMS_OFF);
      requireLoginCertificate(ctx, request.body.certificate);
      const mobile = checkedMobile(request.body.mobile);
      const user = await enteringUser(ctx.db, { phone: mobile });
      try {
        await consumeSmsCode(codes, mobile, SMS_MODE_LOGIN, request.body.captcha);
      } catch (error) {
        if (!(error instanceof SmsCodeRefused) || !user) throw error;
        const policy = loginPolicy(ctx.config);
        const source = sourceOf(request);
        let message = error.message;
        try {
          // A wrong code counts toward the account's lockout, as a wrong password does.
          if (error.counted) await countFailure(ctx.db, policy, user.username);
        } catch (locked) {
          if (!(locked instanceof LoginLockedError)) throw locked;
          if (locked.justLocked) {
            await recordLoginEvent(
              ctx.db,
              request.log,
              lockedEvent(user.id, user.username, policy, source),
            );
          }
          message = locked.message;
        }
        await recordLoginEvent(ctx.db, request.log, {
          event: 'login_failed',
          userId: user.id,
          username: user.username,
          source,
          content: `${subjectOf(user.username)} 手机号登录失败：${error.message}`,
        });
        throw new AppError(message);
      }
      // No code goes to a number without an account; this one lost it since (deleted, moved).
      if (!user) throw new AppError(MSG_SMS_CODE_EXPIRED);
      return ok(await openChannelSession(ctx, request, user, 'phone'), '登录成功');
    },
  );
}
