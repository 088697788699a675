import type { Insertable } from 'kysely';
import type { ActionDefinition, PageDefinition } from '../../../src/contracts/page';
import type { AddToMenuRequest } from '../../../src/contracts/page-api';
import { splitCodes } from '../../auth/codes';
import type { Db } from '../../db/index';
import type { SysPermissionTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';
import { pageNotFound } from './messages';

/**
 * "Add to menu": a menu row for the page (its screen code `online:{code}:list` as perms), one
 * button per data permission and per new code the page's buttons name, all granted to the admin
 * role and to the caller's roles. The caller publishes `permissions` afterwards.
 */

/** Component of a menu opening the default page url; the browser maps it to the page screen. */
export const ONLINE_LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';

export function defaultPageUrl(code: string): string {
  return `/online/page/${code}`;
}

/** The data permissions of an online page, as buttons (`online:{code}:{action}`). */
export function dataButtons(code: string): { name: string; perms: string }[] {
  return [
    { name: '添加', perms: `online:${code}:add` },
    { name: '编辑', perms: `online:${code}:edit` },
    { name: '删除', perms: `online:${code}:delete` },
    { name: '导出', perms: `online:${code}:export` },
    { name: '导入', perms: `online:${code}:import` },
  ];
}

/** Codes the page's own buttons name, with a name for each (label, else key). */
function actionCodes(page: PageDefinition): Map<string, string> {
  const codes = new Map<string, string>();
  const actions: readonly ActionDefinition[] = [
    ...(page.toolbar ?? []),
    ...(page.rowActions ?? []),
  ];
  for (const action of actions) {
    if (action.permission && !codes.has(action.permission)) {
      codes.set(action.permission, action.label ?? action.key);
    }
  }
  return codes;
}

export async function addPageToMenu(
  db: Db,
  request: AddToMenuRequest,
  caller: { readonly userId: string; readonly username: string },
): Promise<{ menuId: string }> {
  return db.transaction().execute(async (tx) => {
    const page = await tx
      .selectFrom('sys_page')
      .select(['title', 'definition'])
      .where('code', '=', request.code)
      .executeTakeFirst();
    if (!page) throw pageNotFound(request.code);
    const definition = page.definition as PageDefinition;
    const url = request.url ?? defaultPageUrl(request.code);

    const taken = await tx
      .selectFrom('sys_permission')
      .select('name')
      .where('url', '=', url)
      .where('delFlag', '=', 0)
      .where('menuType', '<>', 2)
      .executeTakeFirst();
    if (taken) throw new AppError(`菜单「${taken.name}」已链接到 ${url}，不能重复添加`);

    const parentId = request.parentId ?? null;
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
        name: request.name ?? page.title,
        url,
        component:
          url === defaultPageUrl(request.code) ? ONLINE_LIST_COMPONENT : `page/${request.code}`,
        menuType: parentId ? 1 : 0,
        perms: `online:${request.code}:list`,
        sortNo: Number(siblings?.last ?? 0) + 1,
        icon: request.icon ?? null,
        isRoute: true,
        isLeaf: false,
        createBy: caller.username,
      },
    ];
    const existingCodes = new Set(
      (
        await tx
          .selectFrom('sys_permission')
          .select('perms')
          .where('delFlag', '=', 0)
          .where('perms', 'is not', null)
          .execute()
      ).flatMap((r) => splitCodes(r.perms)),
    );
    const buttons = dataButtons(request.code);
    const planned = new Set(buttons.map((b) => b.perms));
    for (const [perms, name] of actionCodes(definition)) {
      if (!existingCodes.has(perms) && !planned.has(perms)) {
        buttons.push({ name, perms });
        planned.add(perms);
      }
    }
    buttons.forEach((button, i) =>
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
  });
}
