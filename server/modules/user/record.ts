import type { Db } from '../../db/index';

/** What a user is linked to, as the edit form and the department switch read it. */

/** Ids of the user's roles. */
export async function roleIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user_role')
    .select('roleId')
    .where('userId', '=', userId)
    .orderBy('roleId')
    .execute();
  return rows.map((r) => r.roleId);
}

/** A department as `userDepartList` answers it. */
export interface DepartOption {
  readonly key: string;
  readonly value: string;
  readonly title: string;
}

/** The user's live departments, by org code. */
export async function departOptionsOf(db: Db, userId: string): Promise<DepartOption[]> {
  const rows = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.depId')
    .select(['d.id', 'd.departName'])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.orgCode')
    .execute();
  return rows.map((d) => ({ key: d.id, value: d.id, title: d.departName }));
}

/** Whether another user (any but `exceptId`, the recycle bin included) has the username. */
export async function usernameTaken(
  db: Db,
  username: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db.selectFrom('sys_user').select('id').where('username', '=', username);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
