import { sql, type Transaction } from 'kysely';
import type { ActionDefinition, PageDefinition } from '../../../src/contracts/page';
import type { AddToMenuRequest } from '../../../src/contracts/page-api';
import { splitCodes } from '../../auth/codes';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { insertMenuEntry, type MenuEntryCaller } from '../permission/menu-entry';
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
    { name: '新增', perms: `online:${code}:add` },
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
  caller: MenuEntryCaller,
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
    return insertMenuEntry(
      tx,
      {
        parentId: request.parentId ?? null,
        name: request.name ?? page.title,
        url,
        component:
          url === defaultPageUrl(request.code) ? ONLINE_LIST_COMPONENT : `page/${request.code}`,
        perms: `online:${request.code}:list`,
        icon: request.icon ?? null,
        buttons,
      },
      caller,
    );
  });
}

/**
 * Removes what "add to menu" (or an administrator) made for a page that is being deleted, in
 * the caller's transaction: every menu entry opening the page (its screen code
 * `online:{code}:list`, its default url, or a `page/{code}` component) with the buttons below
 * it, and any other button holding only codes of the page (`online:{code}:…`). Grants of
 * roles, departments and department roles and the menus' data rules go with the rows (foreign
 * keys). A menu an administrator nested below a removed entry moves up a level instead of
 * disappearing. Answers how many rows were removed; the caller publishes `permissions`.
 */
export async function removePageMenus(tx: Transaction<Database>, code: string): Promise<number> {
  const raw = tx.withoutPlugins();
  const screenCode = `online:${code}:list`;
  const codePrefix = `online:${code}:`;
  const { rows: menus } = await sql<{ id: string; parentId: string | null }>`
    select p.id, p.parent_id as "parentId" from sys_permission p
    where p.menu_type <> 2 and (
      p.url = ${defaultPageUrl(code)} or p.component = ${`page/${code}`}
      or ${screenCode} in (select trim(c.value) from unnest(string_to_array(p.perms, ',')) as c(value)))`.execute(
    raw,
  );
  const { rows: buttons } = await sql<{ id: string; parentId: string | null }>`
    select p.id, p.parent_id as "parentId" from sys_permission p
    where p.menu_type = 2 and trim(coalesce(p.perms, '')) <> '' and not exists (
      select 1 from unnest(string_to_array(p.perms, ',')) as c(value)
      where left(trim(c.value), ${codePrefix.length}) <> ${codePrefix})`.execute(raw);
  const removed = [...menus, ...buttons];
  if (removed.length === 0) return 0;
  const ids = removed.map((r) => r.id);

  // Sub-menus an administrator put below a removed entry go up to its parent.
  for (const menu of menus) {
    await sql`
      update sys_permission set parent_id = ${menu.parentId},
        menu_type = ${menu.parentId === null ? 0 : 1}
      where parent_id = ${menu.id} and menu_type <> 2 and id not in (${sql.join(ids)})`.execute(
      raw,
    );
  }
  // Buttons below the entries, grants and data rules follow through `on delete cascade`.
  const result = await tx.deleteFrom('sys_permission').where('id', 'in', ids).executeTakeFirst();
  const parents = [...new Set(removed.map((r) => r.parentId).filter((id) => id !== null))];
  if (parents.length > 0) {
    await sql`
      update sys_permission p set is_leaf = not exists (
        select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)
      where p.id in (${sql.join(parents)})`.execute(raw);
  }
  return Number(result.numDeletedRows);
}
