import type { Db } from '../db/index';

/** Splits a `perms` value ("a:b,c:d") into its codes. */
export function splitCodes(perms: string | null | undefined): string[] {
  if (!perms) return [];
  return perms
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
}

/**
 * Permission codes a user's roles grant: the `perms` of every granted menu and of every
 * granted button that is enabled. A button disabled system-wide (status '0') grants nothing.
 */
export async function loadUserCodes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sys_permission as p')
    .innerJoin('sys_role_permission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sys_user_role as ur', 'ur.roleId', 'rp.roleId')
    .select('p.perms')
    .distinct()
    .where('ur.userId', '=', userId)
    .where('p.delFlag', '=', 0)
    .where('p.perms', 'is not', null)
    .where((eb) => eb.or([eb('p.menuType', '<>', 2), eb('p.status', '=', '1')]))
    .execute();
  return new Set(rows.flatMap((row) => splitCodes(row.perms)));
}
