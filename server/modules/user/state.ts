import type { Db } from '../../db/index';
import { clearLoginFailures } from '../../auth/login-lockout';
import { failure } from '../../http/errors';
import { releaseFiles } from '../files/records';
import type { RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { MSG_SELF_FREEZE, type Actor } from './crud';

/**
 * A user's life cycle: frozen and thawed, deleted into the recycle bin, restored, removed for
 * good, and an administrator's password reset. Each returns the ids it changed; the routes end
 * sessions and publish `{kind: 'user'}` for them. Each takes only ids the caller's row scope
 * let through (`InScope`).
 */

type UserIds = readonly InScope<RecordId>[];

export const MSG_SELF_DELETE = '不能删除当前登录的用户';
export const MSG_NOT_IN_BIN = '只能彻底删除回收站中的用户';

/** Moves live users to the recycle bin (del_flag 1). */
export async function deleteUsers(db: Db, ids: UserIds, actor: Actor) {
  if (ids.some((id) => id === actor.userId)) throw failure(MSG_SELF_DELETE);
  const rows = await db
    .updateTable('sys_user')
    .set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() })
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Brings users back from the recycle bin. */
export async function restoreUsers(db: Db, ids: UserIds, actor: Actor) {
  const rows = await db
    .updateTable('sys_user')
    .set({ delFlag: 0, updateBy: actor.username, updateTime: new Date() })
    .where('id', 'in', ids)
    .where('delFlag', '=', 1)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Removes users of the recycle bin for good (their links, sessions and department roles go
 * with them: the foreign keys cascade). A live user among the ids refuses the whole call.
 */
export async function purgeUsers(db: Db, ids: UserIds) {
  return db.transaction().execute(async (tx) => {
    const live = await tx
      .selectFrom('sys_user')
      .select('id')
      .where('id', 'in', ids)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (live) throw failure(MSG_NOT_IN_BIN);
    const rows = await tx
      .deleteFrom('sys_user')
      .where('id', 'in', ids)
      .where('delFlag', '=', 1)
      .returning(['id', 'avatar'])
      .execute();
    await releaseFiles(
      tx,
      rows.flatMap((r) => (r.avatar ? [r.avatar] : [])),
    );
    return rows.map((r) => r.id);
  });
}

/** Freezes (2) or thaws (1) live users; returns the ids found. */
export async function setUserStatus(db: Db, ids: UserIds, status: 1 | 2, actor: Actor) {
  if (status === 2 && ids.some((id) => id === actor.userId)) throw failure(MSG_SELF_FREEZE);
  const rows = await db
    .updateTable('sys_user')
    .set({ status, updateBy: actor.username, updateTime: new Date() })
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** An administrator's reset: new hash, the lock cleared. */
export async function resetPassword(
  db: Db,
  userId: InScope<RecordId>,
  passwordHash: string,
  actor: Actor,
) {
  const now = new Date();
  const user = await db
    .updateTable('sys_user')
    .set({
      password: passwordHash,
      passwordChangedAt: now,
      updateBy: actor.username,
      updateTime: now,
    })
    .where('id', '=', userId)
    .returning('username')
    .executeTakeFirst();
  if (user) await clearLoginFailures(db, user.username);
}
