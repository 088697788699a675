import type { Db } from '../../db/index';
import {
  lockedEvent,
  subjectOf,
  type EventSource,
  type LoginEventEntry,
} from '../../auth/login-log';
import {
  LoginLockedError,
  clearLoginFailures,
  normaliseUsername,
  verifyUnderLockout,
  type LoginPolicy,
} from '../../auth/login-lockout';
import { hashPassword, needsRehash } from '../../auth/password';
import { AppError } from '../../http/errors';
import { MSG_FROZEN } from '../../auth/sign-in';

export { MSG_FROZEN };

export const MSG_BAD_CREDENTIALS = '用户名或密码错误';

/** A refused sign-in: the message shown, and what its 登录日志 rows say. */
export class LoginRefused extends AppError {
  constructor(
    message: string,
    /** Why, in the log's words (a wrong password that locked the name: 用户名或密码错误). */
    readonly reason: string,
    /** The account of that name, if there is one. */
    readonly userId: string | null,
    /** This wrong password locked the name. */
    readonly locked: boolean,
  ) {
    super(message);
  }
}

export interface AuthenticatedUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
}

/**
 * Checks credentials and returns the user, or throws LoginRefused with the message to show. Wrong passwords lock
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

  let valid: boolean;
  try {
    valid = await verifyUnderLockout(db, policy, username, password, user?.password ?? null, now);
  } catch (error) {
    if (!(error instanceof LoginLockedError)) throw error;
    const reason = error.justLocked ? MSG_BAD_CREDENTIALS : error.message;
    throw new LoginRefused(error.message, reason, user?.id ?? null, error.justLocked);
  }
  if (!user || !valid) {
    throw new LoginRefused(MSG_BAD_CREDENTIALS, MSG_BAD_CREDENTIALS, user?.id ?? null, false);
  }
  if (user.status !== 1) throw new LoginRefused(MSG_FROZEN, MSG_FROZEN, user.id, false);

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

/**
 * The 登录日志 rows of a refused sign-in: `login_failed` with the name as typed (never the
 * password), and `locked` when this attempt locked the name.
 */
export function refusalEvents(
  typedName: string,
  refusal: LoginRefused,
  policy: LoginPolicy,
  source: EventSource,
): LoginEventEntry[] {
  const failed: LoginEventEntry = {
    event: 'login_failed',
    userId: refusal.userId,
    username: typedName,
    source,
    content: `${subjectOf(typedName)} 登录失败：${refusal.reason}`,
  };
  if (!refusal.locked) return [failed];
  return [failed, lockedEvent(refusal.userId, typedName, policy, source)];
}
