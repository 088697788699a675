import type { Kysely } from 'kysely';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * The OpenAPI document of the API (`GET /system/openapi.json`, code `system:openapi`) as a
 * button of 菜单管理, granted to the admin role on installs that have a menu already; a fresh
 * database gets it from the seed. A frozen copy of the entries it needs, like every migration.
 */
const MENU_0007: readonly ShippedMenu[] = [
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    icon: 'setting',
    children: [
      {
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        icon: 'menu',
        perms: 'permission:list',
        buttons: [{ name: '接口文档', perms: 'system:openapi' }],
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await syncShippedMenus(db, MENU_0007);
}

export async function down(): Promise<void> {
  // The button stays: administrators may have granted it to other roles.
}
