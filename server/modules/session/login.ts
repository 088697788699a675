import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';

export const MSG_BAD_CREDENTIALS = '用户名或密码错误';
export const MSG_FROZEN = '该用户已冻结';

export function lockedMessage(minutes: number): string {
  return `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`;
}

export interface LoginPolicy {
  readonly maxFailures: number;
  readonly lockMinutes: number;
}

export interface AuthenticatedUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
}

/**
 * Checks credentials and returns the user, or throws the message to show.
 * Consecutive wrong passwords lock the account for `lockMinutes`; a locked account is refused
 * without checking the password. A frozen account is reported only to someone who knows its
 * password, and an unknown username costs the same hash time as a known one.
 */
export async function authenticate(
  db: Db,
  policy: LoginPolicy,
  username: string,
  password: string,
  now: Date = new Date(),
): Promise<AuthenticatedUser> {
  const user = await db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'password', 'status', 'lockedUntil', 'loginFailCount'])
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();

  if (user?.lockedUntil && user.lockedUntil > now) {
    const minutes = Math.max(1, Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new AppError(lockedMessage(minutes));
  }

  const valid = await verifyPassword(password, user?.password ?? null);
  if (!user || !valid) {
    if (user) await recordFailure(db, user.id, policy, now);
    throw new AppError(MSG_BAD_CREDENTIALS);
  }
  if (user.status !== 1) throw new AppError(MSG_FROZEN);

  if (user.loginFailCount > 0 || user.lockedUntil) {
    await db
      .updateTable('sys_user')
      .set({ loginFailCount: 0, lockedUntil: null })
      .where('id', '=', user.id)
      .execute();
  }
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

async function recordFailure(db: Db, userId: string, policy: LoginPolicy, now: Date) {
  const row = await db
    .updateTable('sys_user')
    .set({ loginFailCount: sql<number>`login_fail_count + 1` })
    .where('id', '=', userId)
    .returning('loginFailCount')
    .executeTakeFirstOrThrow();
  if (row.loginFailCount >= policy.maxFailures) {
    await db
      .updateTable('sys_user')
      .set({
        loginFailCount: 0,
        lockedUntil: new Date(now.getTime() + policy.lockMinutes * 60_000),
      })
      .where('id', '=', userId)
      .execute();
    throw new AppError(lockedMessage(policy.lockMinutes));
  }
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
