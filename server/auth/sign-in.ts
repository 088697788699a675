import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '../../src/contracts/session';
import type { ChannelLoginResult } from '../../src/contracts/sign-in';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { AppError } from '../http/errors';
import { MSG_CERT_MISMATCH, MSG_CERT_REQUIRED } from '../../src/contracts/client-certificate';
import { lockedMessage, lockedMinutes } from './login-lockout';
import { recordLoginEvent, sourceOf, subjectOf, writeLoginEvent } from './login-log';

export const MSG_FROZEN = '该用户已冻结';

/** A user another way in (phone, OIDC, CAS) has found, before the checks every way shares. */
export interface EnteringUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly avatar: string | null;
  readonly status: number;
}

/** The user a channel found: live accounts only (deleted ones are never found). */
export async function enteringUser(
  db: Db,
  where: { readonly id: string } | { readonly phone: string } | { readonly username: string },
): Promise<EnteringUser | undefined> {
  let query = db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'avatar', 'status'])
    .where('delFlag', '=', 0);
  if ('id' in where) query = query.where('id', '=', where.id);
  else if ('phone' in where) query = query.where('phone', '=', where.phone);
  else query = query.where('username', '=', where.username);
  return query.executeTakeFirst();
}

/**
 * Certificate mode: every login that takes a secret (password, SMS code) brings the
 * certificate, checked before the secret is looked at.
 */
export function requireLoginCertificate(ctx: AppContext, certificate: string | undefined): void {
  if (!ctx.certificates) return;
  if (!certificate) throw new AppError(MSG_CERT_REQUIRED);
  if (ctx.certificates.check(certificate).kind !== 'ok') throw new AppError(MSG_CERT_MISMATCH);
}

/** The words of a channel in the 登录日志 sentence. */
const CHANNEL_TEXT: Readonly<Record<string, string>> = { phone: '手机号', cas: 'CAS' };

function channelText(method: string): string {
  return (
    CHANNEL_TEXT[method] ?? (method.startsWith('oidc:') ? `单点登录(${method.slice(5)})` : method)
  );
}

/**
 * Opens a session for a user another way in has found, under the rules the password login
 * keeps: a frozen account is refused, a locked name stays locked whichever way it comes, and
 * the sign-in (or its refusal) is a 登录日志 row.
 */
export async function openChannelSession(
  ctx: AppContext,
  request: FastifyRequest,
  user: EnteringUser,
  method: string,
): Promise<ChannelLoginResult> {
  // The route's pattern, not the URL: a one-time token or ticket in it stays out of the log.
  const source = { ...sourceOf(request), url: request.routeOptions.url ?? null };
  const refuse = async (message: string): Promise<never> => {
    await recordLoginEvent(ctx.db, request.log, {
      event: 'login_failed',
      userId: user.id,
      username: user.username,
      source,
      content: `${subjectOf(user.username)} ${channelText(method)}登录失败：${message}`,
    });
    throw new AppError(message);
  };
  const locked = await lockedMinutes(ctx.db, user.username);
  if (locked !== null) await refuse(lockedMessage(locked));
  if (user.status !== 1) await refuse(MSG_FROZEN);

  const session = await ctx.sessions.create(user.id, {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    tenantId: request.tenantId,
    responsePublicKey: null,
    loginMethod: method,
  });
  await writeLoginEvent(ctx.db, {
    event: 'login',
    userId: user.id,
    username: user.username,
    source,
    content: `${subjectOf(user.username)},${user.realname}${channelText(method)}登录成功！`,
  });
  const login: LoginResult = {
    tokenValue: session.token,
    sessionTimeout: ctx.config.sessionTimeoutSeconds,
    publicKey: ctx.securityKeys?.publicKey ?? '',
    privateKey: '',
  };
  return {
    ...login,
    token: session.token,
    userInfo: { username: user.username, realname: user.realname, avatar: user.avatar },
  };
}
