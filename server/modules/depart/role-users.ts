import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { newId } from '../../ids';
import { isForeignKeyViolation } from './db-errors';
import { MSG_DEPART_ROLE_MISSING } from './grants';

/**
 * Which department roles a user holds (部门角色 → 用户). A user may be given a department's
 * roles only while a member of that department; the codes those roles grant count only while
 * the membership lasts (server/auth/codes.ts).
 */

export const MSG_USER_MISSING = '用户不存在';
export const MSG_NOT_MEMBER = '该用户不是此部门的成员，不能授予部门角色';

/** Ids of the roles of `departId` the user holds. */
export async function userDepartRoleIds(
  db: Db,
  userId: string,
  departId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_depart_role_user as ru')
    .innerJoin('sys_depart_role as r', 'r.id', 'ru.droleId')
    .select('ru.droleId')
    .where('ru.userId', '=', userId)
    .where('r.departId', '=', departId)
    .orderBy('r.createTime')
    .execute();
  return rows.map((r) => r.droleId);
}

/**
 * Applies the screen's difference (jeecg `deptRoleUserAdd`): gives `next − last`, takes
 * `last − next`; roles the screen did not show stay. Refuses unknown roles and roles of a
 * department the user is not a member of. Answers whether anything changed.
 */
export async function setUserDepartRoles(
  db: Db,
  userId: string,
  next: readonly string[],
  last: readonly string[],
): Promise<boolean> {
  const lastSet = new Set(last);
  const nextSet = new Set(next);
  const add = [...nextSet].filter((id) => !lastSet.has(id));
  const remove = [...lastSet].filter((id) => !nextSet.has(id));
  const user = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', '=', userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!user) throw failure(MSG_USER_MISSING);
  if (add.length === 0 && remove.length === 0) return false;
  if (add.length > 0) {
    const roles = await db
      .selectFrom('sys_depart_role as r')
      .leftJoin('sys_user_depart as ud', (join) =>
        join.onRef('ud.depId', '=', 'r.departId').on('ud.userId', '=', userId),
      )
      .select(['r.id', 'ud.id as membership'])
      .where('r.id', 'in', add)
      .execute();
    if (roles.length !== add.length) throw failure(MSG_DEPART_ROLE_MISSING);
    if (roles.some((r) => r.membership === null)) throw failure(MSG_NOT_MEMBER);
  }
  try {
    await db.transaction().execute(async (tx) => {
      const raw = tx.withoutPlugins();
      if (remove.length > 0) {
        await sql`delete from sys_depart_role_user
        where user_id = ${userId} and drole_id in (${sql.join(remove)})`.execute(raw);
      }
      if (add.length > 0) {
        const rows = add.map((roleId) => sql`(${sql.join([newId(), userId, roleId])})`);
        await sql`insert into sys_depart_role_user (id, user_id, drole_id)
        values ${sql.join(rows)} on conflict do nothing`.execute(raw);
      }
    });
  } catch (error) {
    // A role (or the user) was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw failure(MSG_DEPART_ROLE_MISSING);
    throw error;
  }
  return true;
}
