import { sql } from 'kysely';
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
 * Ids of every permission row granted to a user: through their roles, and through the
 * department roles they hold in departments they still belong to, as far as the department
 * itself still holds the permission (a department role never reaches past its department). One statement, used by
 * the code set below and by the menu of getUserPermissionByToken.
 */
export function grantedPermissionIds(userId: string) {
  return sql<{ permissionId: string }>`
    select rp.permission_id as "permissionId"
    from sys_role_permission rp
    join sys_user_role ur on ur.role_id = rp.role_id
    where ur.user_id = ${userId}
    union
    select drp.permission_id
    from sys_depart_role_permission drp
    join sys_depart_role dr on dr.id = drp.role_id
    join sys_depart_role_user dru on dru.drole_id = dr.id
    join sys_user_depart ud on ud.user_id = dru.user_id and ud.dep_id = dr.depart_id
    join sys_depart_permission dp
      on dp.depart_id = dr.depart_id and dp.permission_id = drp.permission_id
    where dru.user_id = ${userId}`;
}

/**
 * Permission codes a user is granted: the `perms` of every granted menu and of every
 * granted button that is enabled. A button disabled system-wide (status '0') grants nothing.
 */
export async function loadUserCodes(db: Db, userId: string): Promise<Set<string>> {
  const { rows } = await sql<{ perms: string }>`
    select distinct p.perms
    from sys_permission p
    where p.id in (${grantedPermissionIds(userId)})
      and p.del_flag = 0 and p.perms is not null
      and (p.menu_type <> 2 or p.status = '1')`.execute(db.withoutPlugins());
  return new Set(rows.flatMap((row) => splitCodes(row.perms)));
}
