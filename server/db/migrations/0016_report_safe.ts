import type { Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * What reports read instead of tables holding secrets (server/modules/report/readable.ts):
 * schema `report_safe`, first on a report's search path, with a view per such table listing
 * its other columns by name. A column added to the table later stays out of the view until a
 * migration adds it, so a new secret is never readable by default.
 *
 * A report reads only the tables its author may list; the shipped 客户选择 report reads the demo
 * page 客户管理's table, so 报表配置 gains the button holding that page's list code
 * (`online:demo_customer:list`), granted to the admin role.
 */

const MENU: readonly ShippedMenu[] = [
  {
    name: '低代码',
    url: '/lowcode',
    component: 'layouts/RouteView',
    redirect: '/lowcode/page',
    icon: 'build',
    children: [
      {
        name: '报表配置',
        url: '/lowcode/report',
        component: 'lowcode/ReportDesigner',
        icon: 'bar-chart',
        perms: 'lowcode:report:list',
        buttons: [{ name: '客户管理数据', perms: 'online:demo_customer:list' }],
      },
    ],
  },
];
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create schema if not exists report_safe;
    create view report_safe.sys_user as
      select id, username, realname, avatar, birthday, sex, email, phone, org_code, status,
        del_flag, work_no, post, telephone, user_identity, depart_ids, rel_tenant_ids,
        password_changed_at, create_by, create_time, update_by, update_time
      from public.sys_user;
    `,
  );
  await syncShippedMenus(db, MENU);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'drop schema if exists report_safe cascade;');
}
