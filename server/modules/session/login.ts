import type { Db } from '../../db/index';
import {
  clearLoginFailures,
  normaliseUsername,
  verifyUnderLockout,
  type LoginPolicy,
} from '../../auth/login-lockout';
import { hashPassword, needsRehash } from '../../auth/password';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';

export const MSG_BAD_CREDENTIALS = '用户名或密码错误';
export const MSG_FROZEN = '该用户已冻结';

export interface AuthenticatedUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
}

/**
 * Checks credentials and returns the user, or throws the message to show. Wrong passwords lock
 * the name, whether or not it belongs to an account (`server/auth/login-lockout.ts`): an
 * unknown name answers, and costs, exactly what a known one does. A frozen account is reported
 * only to someone who knows its password.
 */
export async function authenticate(
  db: Db,
  policy: LoginPolicy,
  rawUsername: string,
  password: string,
  now: Date = new Date(),
): Promise<AuthenticatedUser> {
  const username = normaliseUsername(rawUsername);
  const user = await db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'password', 'status'])
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();

  const valid = await verifyUnderLockout(
    db,
    policy,
    username,
    password,
    user?.password ?? null,
    now,
  );
  if (!user || !valid) throw new AppError(MSG_BAD_CREDENTIALS);
  if (user.status !== 1) throw new AppError(MSG_FROZEN);

  await clearLoginFailures(db, username);
  if (needsRehash(user.password)) {
    const rehashed = await hashPassword(password);
    await db
      .updateTable('sys_user')
      .set({ password: rehashed })
      .where('id', '=', user.id)
      .execute();
  }
  return { id: user.id, username: user.username, realname: user.realname };
}

/** A login-log row (log_type 1), the source of visit statistics. */
export async function writeLoginLog(
  db: Db,
  entry: { userId: string; username: string; realname: string; ip: string | null },
): Promise<void> {
  await db
    .insertInto('sys_log')
    .values({
      id: newId(),
      logType: 1,
      logContent: `用户名: ${entry.username},${entry.realname}登录成功！`,
      operateType: null,
      userid: entry.userId,
      username: entry.username,
      ip: entry.ip,
      method: null,
      requestUrl: null,
      requestParam: null,
      requestType: null,
      costTime: null,
      createBy: entry.username,
    })
    .execute();
}
