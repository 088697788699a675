import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Brings an installed menu up to a shipped one: every menu (matched by url under its parent)
 * and every button (matched by code under its menu) the install lacks is added and granted to
 * the admin role. Nothing is changed or removed: administrators may have edited the rest.
 * A migration that ships new menus calls this with its own frozen copy of them; on a database
 * without menus (a fresh install, seeded after the migrations) it does nothing.
 *
 * Shipped with migration 0005 and, like every file here, never changed afterwards
 * (tests/server/migrations-shipped.test.ts): a migration calling it always does the same.
 */

export interface ShippedButton {
  readonly name: string;
  readonly perms: string;
  /** '1' show/hide (default), '2' data/field permission. */
  readonly permsType?: '1' | '2';
  /** '1' enabled (default), '0' disabled for everyone. */
  readonly status?: '0' | '1';
}

/** A screen (menu_type 0 at the top, 1 below) with its buttons and sub-screens. */
export interface ShippedMenu {
  readonly name: string;
  readonly url: string;
  readonly component: string;
  readonly componentName?: string;
  readonly redirect?: string;
  readonly icon?: string;
  readonly perms?: string;
  readonly hidden?: boolean;
  readonly alwaysShow?: boolean;
  readonly keepAlive?: boolean;
  readonly internalOrExternal?: boolean;
  readonly isRoute?: boolean;
  readonly buttons?: readonly ShippedButton[];
  readonly children?: readonly ShippedMenu[];
}

/** A new 32-character id (a UUID without dashes), the shape of every id. */
const newId = () => randomUUID().replace(/-/g, '');

interface ExistingRow {
  readonly id: string;
  readonly parentId: string | null;
  readonly url: string | null;
  readonly perms: string | null;
  readonly menuType: number;
}

export async function syncShippedMenus(
  db: Kysely<unknown>,
  menus: readonly ShippedMenu[],
): Promise<void> {
  // Aliased in camelCase: the migrator's connection may carry the CamelCasePlugin, which
  // renames the keys of every result row (snake_case keys would then never match).
  const { rows } = await sql<ExistingRow>`
    select id, parent_id as "parentId", url, perms, menu_type as "menuType"
    from sys_permission where del_flag = 0`.execute(db);
  if (rows.length === 0) return;
  const created: string[] = [];

  const findMenu = (parentId: string | null, url: string) =>
    rows.find((r) => r.menuType !== 2 && r.parentId === parentId && r.url === url);
  const findButton = (menuId: string, perms: string) =>
    rows.find((r) => r.menuType === 2 && r.parentId === menuId && r.perms === perms);

  const walk = async (list: readonly ShippedMenu[], parentId: string | null, depth: number) => {
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
