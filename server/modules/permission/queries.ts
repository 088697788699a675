import { sql } from 'kysely';
import { grantedPermissionIds } from '../../auth/codes';
import type { Db } from '../../db/index';
import { MENU_BUTTON, type PermissionRow } from './menu-tree';

const columns = [
  'p.id',
  'p.parentId',
  'p.name',
  'p.url',
  'p.component',
  'p.componentName',
  'p.redirect',
  'p.menuType',
  'p.perms',
  'p.permsType',
  'p.sortNo',
  'p.alwaysShow',
  'p.icon',
  'p.isRoute',
  'p.keepAlive',
  'p.hidden',
  'p.status',
  'p.internalOrExternal',
] as const;

/** Every non-deleted permission row granted to the user (roles and department roles). */
export async function loadGrantedRows(db: Db, userId: string): Promise<PermissionRow[]> {
  return db
    .selectFrom('sys_permission as p')
    .select(columns)
    .where(sql<boolean>`p.id in (${grantedPermissionIds(userId)})`)
    .where('p.delFlag', '=', 0)
    .execute();
}

/** Every non-deleted button of the system (allAuth). */
export async function loadAllButtons(db: Db): Promise<PermissionRow[]> {
  return db
    .selectFrom('sys_permission as p')
    .select(columns)
    .where('p.menuType', '=', MENU_BUTTON)
    .where('p.delFlag', '=', 0)
    .orderBy('p.sortNo')
    .execute();
}
