import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import type { RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { addMembers, addRoleHolders, removeMembers } from './links';

/**
 * Members of a role (角色管理 → 用户) and of a department (部门管理 → 用户). Only live users
 * can be added. Callers publish `{kind: 'user'}` for the users whose links changed. The role or
 * department and the users are ids the caller's row scopes let through (`InScope`).
 */

type Id = InScope<RecordId>;

export const MSG_ROLE_MISSING = '角色不存在';
export const MSG_DEPART_MISSING = '部门不存在或已删除';
export const MSG_USERS_MISSING = '所选的用户不存在或已删除';

async function checkLiveUsers(db: Db, userIds: readonly string[]): Promise<void> {
  const found = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', 'in', userIds)
    .where('delFlag', '=', 0)
    .execute();
  if (found.length !== userIds.length) throw failure(MSG_USERS_MISSING);
}

export async function addRoleUsers(db: Db, roleId: Id, userIds: readonly Id[]) {
  const role = await db
    .selectFrom('sys_role')
    .select('id')
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (!role) throw failure(MSG_ROLE_MISSING);
  await checkLiveUsers(db, userIds);
  await addRoleHolders(db, [roleId], userIds);
}

/** Withdraws the role; returns the users who held it. */
export async function removeRoleUsers(db: Db, roleId: Id, userIds: readonly Id[]) {
  const rows = await db
    .deleteFrom('sys_user_role')
    .where('roleId', '=', roleId)
    .where('userId', 'in', userIds)
    .returning('userId')
    .execute();
  return rows.map((r) => r.userId);
}

async function departOrgCode(db: Db, depId: string): Promise<string> {
  const depart = await db
    .selectFrom('sys_depart')
    .select('orgCode')
    .where('id', '=', depId)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  if (!depart) throw failure(MSG_DEPART_MISSING);
  return depart.orgCode;
}

/** Adds members; a user without a main department gets this one. */
export async function addDepartUsers(db: Db, depId: Id, userIds: readonly Id[]) {
  await db.transaction().execute(async (tx) => {
    const orgCode = await departOrgCode(tx, depId);
    await checkLiveUsers(tx, userIds);
    await addMembers(tx, [depId], userIds);
    await tx
      .updateTable('sys_user')
      .set({ orgCode })
      .where('id', 'in', userIds)
      .where('orgCode', 'is', null)
      .execute();
  });
}

/**
 * Ends memberships (and the department roles held there). A user whose main department this
 * was moves to another of their departments, or to none. Returns how many memberships ended.
 */
export async function removeDepartUsers(db: Db, depId: Id, userIds: readonly Id[]) {
  return db.transaction().execute(async (tx) => {
    const depart = await tx
      .selectFrom('sys_depart')
      .select('orgCode')
      .where('id', '=', depId)
      .executeTakeFirst();
    const removed = await removeMembers(tx, [depId], userIds);
    if (depart && removed > 0) {
      await sql`
        update sys_user u set org_code = (
          select min(d.org_code) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
          where ud.user_id = u.id and d.del_flag = '0')
        where u.id in (${sql.join([...userIds])}) and u.org_code = ${depart.orgCode}`.execute(
        tx.withoutPlugins(),
      );
    }
    return removed;
  });
}
