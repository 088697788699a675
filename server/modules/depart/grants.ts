import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { applyGrantDiff, grantedIds, type GrantOwner } from '../permission/grants';
import { liveDepart } from './records';

/**
 * Grants of departments and of department roles (部门授权, 部门角色授权). A department role may
 * hold only what its department holds: grants outside are refused when saved and withdrawn
 * when the department loses the permission.
 */

export const MSG_DEPART_MISSING = '部门不存在';
export const MSG_DEPART_ROLE_MISSING = '部门角色不存在';

export function departOwner(departId: string): GrantOwner {
  return { table: 'sys_depart_permission', column: 'depart_id', id: departId };
}

export function departRoleOwner(roleId: string, departId: string): GrantOwner {
  return {
    table: 'sys_depart_role_permission',
    column: 'role_id',
    id: roleId,
    extra: { depart_id: departId },
    audited: true,
  };
}

export async function requireDepart(db: Db, departId: string): Promise<void> {
  if (!(await liveDepart(db, departId))) throw failure(MSG_DEPART_MISSING);
}

/** The department of a department role (also checking it is `departId` when given). */
export async function departOfRole(db: Db, roleId: string, departId?: string): Promise<string> {
  let query = db.selectFrom('sys_depart_role').select('departId').where('id', '=', roleId);
  if (departId !== undefined) query = query.where('departId', '=', departId);
  const role = await query.executeTakeFirst();
  if (!role) throw failure(MSG_DEPART_ROLE_MISSING);
  return role.departId;
}

/**
 * Withdraws from the department's roles every permission the department no longer holds.
 * Reconciling the whole department (not only what one save removed) also repairs a role save
 * that raced with a withdrawal, and a retry after a failure heals what the failure left.
 */
export async function withdrawOutsideDepart(db: Db, departId: string): Promise<number> {
  const result = await sql`
    delete from sys_depart_role_permission drp
    using sys_depart_role r
    where r.id = drp.role_id and r.depart_id = ${departId}
      and not exists (
        select 1 from sys_depart_permission dp
        where dp.depart_id = r.depart_id and dp.permission_id = drp.permission_id
      )`.execute(db.withoutPlugins());
  return Number(result.numAffectedRows ?? 0);
}

/**
 * 部门授权 → 保存: the department's grants change by the screen's difference, and its roles
 * lose what it lost. applyGrantDiff commits on its own; the withdrawal follows at once (see
 * withdrawOutsideDepart for why a failure between the two heals).
 */
export async function saveDepartGrants(
  db: Db,
  departId: string,
  next: readonly string[],
  last: readonly string[],
): Promise<void> {
  await requireDepart(db, departId);
  await applyGrantDiff(db, departOwner(departId), next, last);
  await withdrawOutsideDepart(db, departId);
}

/** 部门角色授权 → 保存: only permissions the role's department holds may be added. */
export async function saveDepartRoleGrants(
  db: Db,
  roleId: string,
  next: readonly string[],
  last: readonly string[],
  ip: string | null,
): Promise<void> {
  const departId = await departOfRole(db, roleId);
  const allowed = new Set(await grantedIds(db, departOwner(departId)));
  await applyGrantDiff(db, departRoleOwner(roleId, departId), next, last, { allowed, ip });
  // A withdrawal from the department may have run between reading `allowed` and the insert.
  await withdrawOutsideDepart(db, departId);
}
