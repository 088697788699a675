import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ServerConfig } from '../config';
import type { Db } from '../db/index';
import { AppError } from '../http/errors';
import { verifyPassword } from './password';

/**
 * Lockout by login name. Wrong passwords are counted per name — whether or not an account of
 * that name exists — in `sys_login_failure`, so every server process on the database sees the
 * same counts, and an unknown name answers exactly like a known one: the same messages, the
 * same codes, the same hashing work (a locked name still verifies the password it was sent).
 *
 * `maxFailures` wrong passwords in a row, each within `lockMinutes` of the one before, lock the
 * name for `lockMinutes`. A row means nothing once `expires_at` has passed (the count restarts),
 * so an attacker trying names fills the table only with rows that expire; `purgeExpired` removes
 * them. The count is cleared by a right password (and by an administrator's reset).
 */

export interface LoginPolicy {
  readonly maxFailures: number;
  readonly lockMinutes: number;
}

/** LOGIN_MAX_FAILURES and LOGIN_LOCK_MINUTES. */
export function loginPolicy(config: ServerConfig): LoginPolicy {
  return { maxFailures: config.loginMaxFailures, lockMinutes: config.loginLockMinutes };
}

export function lockedMessage(minutes: number): string {
  return `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`;
}

/**
 * The locked answer. `justLocked`: this very wrong password locked the name (the caller writes
 * the 登录日志's one `locked` row); otherwise the name was locked already.
 */
export class LoginLockedError extends AppError {
  constructor(
    readonly minutes: number,
    readonly justLocked: boolean,
  ) {
    super(lockedMessage(minutes));
  }
}

/** The name as the login looks it up: surrounding blanks dropped, nothing else changed. */
export function normaliseUsername(raw: string): string {
  return raw.trim();
}

/** What the table keys a name by: SHA-256 hex of the normalised name (no typed text kept). */
export function loginNameKey(username: string): string {
  return createHash('sha256').update(normaliseUsername(username), 'utf8').digest('hex');
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Minutes the name stays locked, or null when it is not locked. */
async function lockedFor(db: Db, nameHash: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('sys_login_failure')
    .select('lockedUntil')
    .where('nameHash', '=', nameHash)
    .where('lockedUntil', '>', now)
    .executeTakeFirst();
  return row?.lockedUntil ? minutesLeft(row.lockedUntil, now) : null;
}

/**
 * The minutes a name stays locked, or null. Other ways in (phone, single sign-on) ask this:
 * a locked account is locked whichever way it comes.
 */
export async function lockedMinutes(
  db: Db,
  username: string,
  now: Date = new Date(),
): Promise<number | null> {
  return lockedFor(db, loginNameKey(username), now);
}

/**
 * Counts a wrong secret of another kind (an SMS code) against the account's name, as a wrong
 * password would; throws LoginLockedError when it locks the name.
 */
export async function countFailure(
  db: Db,
  policy: LoginPolicy,
  username: string,
  now: Date = new Date(),
): Promise<void> {
  await recordFailure(db, policy, loginNameKey(username), now);
}

/**
 * Counts one wrong password against the name; throws the locked message when this one locks
 * it (or another process locked it meanwhile).
 */
async function recordFailure(db: Db, policy: LoginPolicy, nameHash: string, now: Date) {
  const windowEnd = new Date(now.getTime() + policy.lockMinutes * 60_000);
  // One statement, so concurrent failures (any process) each count once. A locked row is left
  // alone; an expired one starts again from 1.
  const counted = await db
    .insertInto('sys_login_failure')
    .values({ nameHash, failCount: 1, lockedUntil: null, expiresAt: windowEnd })
    .onConflict((oc) =>
      oc
        .column('nameHash')
        .doUpdateSet({
          failCount: sql<number>`case when sys_login_failure.expires_at <= ${now} then 1
            else sys_login_failure.fail_count + 1 end`,
          lockedUntil: null,
          expiresAt: windowEnd,
        })
        .where((eb) =>
          eb.or([
            eb('sys_login_failure.lockedUntil', 'is', null),
            eb('sys_login_failure.lockedUntil', '<=', now),
          ]),
        ),
    )
    .returning('failCount')
    .executeTakeFirst();
  if (!counted) {
    const minutes = await lockedFor(db, nameHash, now);
    throw new LoginLockedError(minutes ?? policy.lockMinutes, false);
  }
  if (counted.failCount >= policy.maxFailures) {
    await db
      .updateTable('sys_login_failure')
      .set({ failCount: 0, lockedUntil: windowEnd, expiresAt: windowEnd })
      .where('nameHash', '=', nameHash)
      .execute();
    throw new LoginLockedError(policy.lockMinutes, true);
  }
}

/**
 * Checks `password` against `stored` (null: no such account) under the name's lockout. Always
 * spends one password hash. Throws LoginLockedError when the name is locked, or when this
 * wrong password locks it; otherwise answers whether the password is right (a wrong one has
 * been counted, and the caller says so in its own words).
 */
export async function verifyUnderLockout(
  db: Db,
  policy: LoginPolicy,
  username: string,
  password: string,
  stored: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  const nameHash = loginNameKey(username);
  const locked = await lockedFor(db, nameHash, now);
  const valid = await verifyPassword(password, stored);
  if (locked !== null) throw new LoginLockedError(locked, false);
  if (!valid) await recordFailure(db, policy, nameHash, now);
  return valid;
}

/** Forgets the name's wrong passwords and lock (a right password, an administrator's reset). */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('sys_login_failure').where('nameHash', '=', loginNameKey(username)).execute();
}

/** Removes rows that mean nothing any more; called now and then, never on a request's path. */
export async function purgeExpiredLoginFailures(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sys_login_failure')
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
