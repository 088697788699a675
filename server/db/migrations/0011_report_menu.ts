import { sql, type Kysely } from 'kysely';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * 报表配置 gets its own screen (低代码 → 报表配置, the report designer). Migration 0009 shipped
 * its codes as buttons of 页面配置; this adds the screen and moves the buttons under it
 * (新增报表, 编辑报表, 删除报表 and the 客户选择 report's `report:demo_customer_pick:list`), so the
 * roles granted them keep them. The old 报表配置 button (`lowcode:report:list`) is now the
 * screen's own code: every role that held it is granted the screen, then the button goes.
 * 报表配置's new 加入菜单 (`lowcode:report:menu`) is added for the admin role.
 * On a database without menus (a fresh install, seeded afterwards) it does nothing.
 */

const DESIGNER: ShippedMenu = {
  name: '报表配置',
  url: '/lowcode/report',
  component: 'lowcode/ReportDesigner',
  icon: 'bar-chart',
  perms: 'lowcode:report:list',
};

const LOWCODE = (designer: ShippedMenu): ShippedMenu[] => [
  {
    name: '低代码',
    url: '/lowcode',
    component: 'layouts/RouteView',
    redirect: '/lowcode/page',
    icon: 'build',
    children: [designer],
  },
];

const MOVED = [
  'lowcode:report:add',
  'lowcode:report:edit',
  'lowcode:report:delete',
  'report:demo_customer_pick:list',
];

const BUTTONS = [
  { name: '新增报表', perms: 'lowcode:report:add' },
  { name: '编辑报表', perms: 'lowcode:report:edit' },
  { name: '删除报表', perms: 'lowcode:report:delete' },
  { name: '加入菜单', perms: 'lowcode:report:menu' },
  { name: '客户选择报表', perms: 'report:demo_customer_pick:list' },
];

/** The screen row of `url` under the 低代码 menu, if any. */
const screenOf = (url: string) => sql`(
  select s.id from sys_permission s join sys_permission l on l.id = s.parent_id
  where s.url = ${url} and s.menu_type = 1 and s.del_flag = 0
    and l.url = '/lowcode' and l.parent_id is null and l.del_flag = 0
  limit 1)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await syncShippedMenus(db, LOWCODE(DESIGNER));
  const page = screenOf('/lowcode/page');
  const designer = screenOf('/lowcode/report');

  // Buttons move with their grants; one the screen already has is left where it is.
  await sql`
    update sys_permission b set parent_id = ${designer}
    where b.menu_type = 2 and b.parent_id = ${page} and b.perms in (${sql.join(MOVED)})
      and ${designer} is not null
      and not exists (select 1 from sys_permission o
        where o.parent_id = ${designer} and o.menu_type = 2 and o.perms = b.perms)`.execute(db);

  // Who held 报表配置 as a button of 页面配置 gets the screen.
  await sql`
    insert into sys_role_permission (id, role_id, permission_id, operate_date)
    select md5(rp.role_id || ${designer}), rp.role_id, ${designer}, now()
    from sys_role_permission rp join sys_permission b on b.id = rp.permission_id
    where b.menu_type = 2 and b.parent_id = ${page} and b.perms = 'lowcode:report:list'
      and ${designer} is not null
    on conflict (role_id, permission_id) do nothing`.execute(db);
  await sql`
    delete from sys_permission b
    where b.menu_type = 2 and b.parent_id = ${page} and b.perms = 'lowcode:report:list'`.execute(
    db,
  );

  await sql`
    update sys_permission s set is_leaf = false
    where s.id = ${designer}
      and exists (select 1 from sys_permission c where c.parent_id = s.id)`.execute(db);

  // Any button still missing (removed by an administrator before) comes back, for admin.
  await syncShippedMenus(db, LOWCODE({ ...DESIGNER, buttons: BUTTONS }));
}

export async function down(): Promise<void> {
  // The menu stays: administrators may have granted or changed it since.
}
