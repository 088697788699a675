import { sql, type Kysely } from 'kysely';
import { newId } from '../../ids';
import type { SeedMenu } from './menu';

/**
 * Brings an installed menu up to the shipped one: every menu (matched by url under its parent)
 * and every button (matched by code under its menu) the install lacks is added and granted to
 * the admin role. Nothing is changed or removed: administrators may have edited the rest.
 * A migration that ships new menus calls this; on a database without menus (a fresh install,
 * seeded after the migrations) it does nothing.
 */

interface ExistingRow {
  readonly id: string;
  readonly parent_id: string | null;
  readonly url: string | null;
  readonly perms: string | null;
  readonly menu_type: number;
}

export async function syncSeedMenus(
  db: Kysely<unknown>,
  menus: readonly SeedMenu[],
): Promise<void> {
  const { rows } = await sql<ExistingRow>`
    select id, parent_id, url, perms, menu_type from sys_permission where del_flag = 0`.execute(db);
  if (rows.length === 0) return;
  const created: string[] = [];

  const findMenu = (parentId: string | null, url: string) =>
    rows.find((r) => r.menu_type !== 2 && r.parent_id === parentId && r.url === url);
  const findButton = (menuId: string, perms: string) =>
    rows.find((r) => r.menu_type === 2 && r.parent_id === menuId && r.perms === perms);

  const walk = async (list: readonly SeedMenu[], parentId: string | null, depth: number) => {
    for (const [index, menu] of list.entries()) {
      let id = findMenu(parentId, menu.url)?.id;
      if (!id) {
        id = newId();
        await sql`
          insert into sys_permission (id, parent_id, name, url, component, component_name, redirect,
            menu_type, perms, sort_no, always_show, icon, is_route, is_leaf, keep_alive, hidden,
            internal_or_external, create_by)
          values (${id}, ${parentId}, ${menu.name}, ${menu.url}, ${menu.component},
            ${menu.componentName ?? null}, ${menu.redirect ?? null}, ${depth === 0 ? 0 : 1},
            ${menu.perms ?? null}, ${index + 1}, ${menu.alwaysShow ?? false}, ${menu.icon ?? null},
            ${menu.isRoute ?? true}, ${!menu.children?.length && !menu.buttons?.length},
            ${menu.keepAlive ?? false}, ${menu.hidden ?? false}, ${menu.internalOrExternal ?? false},
            'system')`.execute(db);
        created.push(id);
      }
      for (const [buttonIndex, button] of (menu.buttons ?? []).entries()) {
        if (findButton(id, button.perms)) continue;
        const buttonId = newId();
        await sql`
          insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, status,
            sort_no, is_route, create_by)
          values (${buttonId}, ${id}, ${button.name}, 2, ${button.perms}, ${button.permsType ?? '1'},
            ${button.status ?? '1'}, ${buttonIndex + 1}, false, 'system')`.execute(db);
        created.push(buttonId);
      }
      if (menu.children) await walk(menu.children, id, depth + 1);
    }
  };
  await walk(menus, null, 0);
  if (created.length === 0) return;

  await sql`
    update sys_permission p set is_leaf = false
    where exists (select 1 from sys_permission c where c.parent_id = p.id)`.execute(db);
  await sql`
    insert into sys_role_permission (id, role_id, permission_id, operate_date)
    select md5(r.id || p.id), r.id, p.id, now()
    from sys_role r cross join sys_permission p
    where r.role_code = 'admin' and p.id in (${sql.join(created)})
    on conflict (role_id, permission_id) do nothing`.execute(db);
}
