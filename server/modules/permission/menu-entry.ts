import type { Insertable, Transaction } from 'kysely';
import type { Database, SysPermissionTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';

/**
 * A menu entry a designer screen adds for what it made (页面配置's and 报表配置's 加入菜单): the
 * screen row under a chosen parent (or at the top), its buttons, all granted to the admin role
 * and to the caller's roles. Refuses a url another menu already opens and a parent that is not
 * a menu. The caller publishes `permissions` afterwards.
 */

export interface MenuEntry {
  readonly parentId: string | null;
  readonly name: string;
  readonly url: string;
  readonly component: string;
  /** The screen's own code. */
  readonly perms: string;
  readonly icon: string | null;
  readonly buttons: readonly { readonly name: string; readonly perms: string }[];
}

export interface MenuEntryCaller {
  readonly userId: string;
  readonly username: string;
}

export async function insertMenuEntry(
  tx: Transaction<Database>,
  entry: MenuEntry,
  caller: MenuEntryCaller,
): Promise<{ menuId: string }> {
  const { url, parentId } = entry;
  const taken = await tx
    .selectFrom('sys_permission')
    .select('name')
    .where('url', '=', url)
    .where('delFlag', '=', 0)
    .where('menuType', '<>', 2)
    .executeTakeFirst();
  if (taken) throw new AppError(`菜单「${taken.name}」已链接到 ${url}，不能重复加入`);

  if (parentId) {
    const parent = await tx
      .selectFrom('sys_permission')
      .select('id')
      .where('id', '=', parentId)
      .where('delFlag', '=', 0)
      .where('menuType', '<>', 2)
      .executeTakeFirst();
    if (!parent) throw new AppError('上级菜单不存在');
    await tx
      .updateTable('sys_permission')
      .set({ isLeaf: false })
      .where('id', '=', parentId)
      .execute();
  }
  const siblings = await tx
    .selectFrom('sys_permission')
    .select((eb) => eb.fn.max('sortNo').as('last'))
    .where((eb) => (parentId ? eb('parentId', '=', parentId) : eb('parentId', 'is', null)))
    .where('menuType', '<>', 2)
    .executeTakeFirst();

  const menuId = newId();
  const rows: Insertable<SysPermissionTable>[] = [
    {
      id: menuId,
      parentId,
      name: entry.name,
      url,
      component: entry.component,
      menuType: parentId ? 1 : 0,
      perms: entry.perms,
      sortNo: Number(siblings?.last ?? 0) + 1,
      icon: entry.icon,
      isRoute: true,
      isLeaf: entry.buttons.length === 0,
      createBy: caller.username,
    },
  ];
  entry.buttons.forEach((button, i) =>
    rows.push({
      id: newId(),
      parentId: menuId,
      name: button.name,
      menuType: 2,
      perms: button.perms,
      permsType: '1',
      status: '1',
      sortNo: i + 1,
      isRoute: false,
      createBy: caller.username,
    }),
  );
  await tx.insertInto('sys_permission').values(rows).execute();

  const roles = await tx
    .selectFrom('sys_role')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('roleCode', '=', 'admin'),
        eb(
          'id',
          'in',
          eb.selectFrom('sys_user_role').select('roleId').where('userId', '=', caller.userId),
        ),
      ]),
    )
    .execute();
  if (roles.length > 0) {
    await tx
      .insertInto('sys_role_permission')
      .values(
        roles.flatMap((role) =>
          rows.map((row) => ({
            id: newId(),
            roleId: role.id,
            permissionId: row.id,
            dataRuleIds: null,
            operateDate: new Date(),
            operateIp: null,
          })),
        ),
      )
      .execute();
  }
  return { menuId };
}
