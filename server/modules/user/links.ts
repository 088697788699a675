import type { Db } from '../../db/index';
import { newId } from '../../ids';
import type { DepartRef } from './references';

/**
 * A user's links to roles (sys_user_role) and departments (sys_user_depart). Leaving a
 * department also ends the department roles held there (sys_depart_role_user): they belong to
 * the membership. Callers run these in the transaction of the change and publish
 * `{kind: 'user', userId}` afterwards (codes, org codes and data rules change).
 */

/** Makes `roleIds` the user's roles. */
export async function replaceRoles(db: Db, userId: string, roleIds: readonly string[]) {
  let removal = db.deleteFrom('sys_user_role').where('userId', '=', userId);
  if (roleIds.length > 0) removal = removal.where('roleId', 'not in', roleIds);
  await removal.execute();
  await addRoleHolders(db, roleIds, [userId]);
}

/** Gives every role to every user; links that exist stay as they are. */
export async function addRoleHolders(
  db: Db,
  roleIds: readonly string[],
  userIds: readonly string[],
): Promise<void> {
  const rows = roleIds.flatMap((roleId) =>
    userIds.map((userId) => ({ id: newId(), userId, roleId })),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('sys_user_role')
    .values(rows)
    .onConflict((oc) => oc.columns(['userId', 'roleId']).doNothing())
    .execute();
}

/** Adds users to departments; memberships that exist stay as they are. */
export async function addMembers(
  db: Db,
  departIds: readonly string[],
  userIds: readonly string[],
): Promise<void> {
  const rows = departIds.flatMap((depId) =>
    userIds.map((userId) => ({ id: newId(), userId, depId })),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('sys_user_depart')
    .values(rows)
    .onConflict((oc) => oc.columns(['userId', 'depId']).doNothing())
    .execute();
}

/** Ends memberships (and the department roles held there); returns how many ended. */
export async function removeMembers(
  db: Db,
  departIds: readonly string[],
  userIds: readonly string[],
): Promise<number> {
  if (departIds.length === 0 || userIds.length === 0) return 0;
  await db
    .deleteFrom('sys_depart_role_user')
    .where('userId', 'in', userIds)
    .where('droleId', 'in', (eb) =>
      eb.selectFrom('sys_depart_role').select('id').where('departId', 'in', departIds),
    )
    .execute();
  const result = await db
    .deleteFrom('sys_user_depart')
    .where('userId', 'in', userIds)
    .where('depId', 'in', departIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live departments, by org code. */
export async function memberDeparts(db: Db, userId: string): Promise<DepartRef[]> {
  return db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.depId')
    .select(['d.id', 'd.orgCode'])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.orgCode')
    .execute();
}

/** Makes `departIds` the user's departments. */
export async function replaceDeparts(
  db: Db,
  userId: string,
  departIds: readonly string[],
): Promise<void> {
  const current = await db
    .selectFrom('sys_user_depart')
    .select('depId')
    .where('userId', '=', userId)
    .execute();
  const next = new Set(departIds);
  const left = current.map((m) => m.depId).filter((id) => !next.has(id));
  await removeMembers(db, left, [userId]);
  await addMembers(db, departIds, [userId]);
}
