import type { Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncShippedMenus, type ShippedButton, type ShippedMenu } from './sync-menus';

/**
 * System administration (jeecg-api.md §4.4–§4.9): data rules of menus, department permissions,
 * department roles with their users and permissions, positions and the category tree. Installs
 * seeded before this migration also get the menus and buttons added since (granted to the admin
 * role); a fresh database gets them from the seed, which runs after the migrations.
 *
 * `MENU_0005` (below) is the product menu as this migration shipped it, a frozen copy: a later
 * change to the seed menu (server/db/seed/menu.ts) ships in a migration of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_permission_data_rule (
      id varchar(32) primary key,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      rule_name varchar(50) not null,
      rule_column varchar(50),
      rule_conditions varchar(50) not null,
      rule_value varchar(300),
      status varchar(3) not null default '1',
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz
    );
    create index idx_sys_permission_data_rule_perm on sys_permission_data_rule(permission_id);

    create table sys_depart_permission (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      constraint uniq_sys_depart_permission unique (depart_id, permission_id)
    );
    create index idx_sys_depart_permission_perm on sys_depart_permission(permission_id);

    create table sys_depart_role (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      role_name varchar(100) not null,
      role_code varchar(100) not null,
      description varchar(255),
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_depart_role_code unique (depart_id, role_code)
    );

    create table sys_depart_role_user (
      id varchar(32) primary key,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      drole_id varchar(32) not null references sys_depart_role(id) on delete cascade,
      constraint uniq_sys_depart_role_user unique (user_id, drole_id)
    );
    create index idx_sys_depart_role_user_role on sys_depart_role_user(drole_id);

    create table sys_depart_role_permission (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      role_id varchar(32) not null references sys_depart_role(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      operate_date timestamptz,
      operate_ip varchar(100),
      constraint uniq_sys_depart_role_permission unique (role_id, permission_id)
    );
    create index idx_sys_depart_role_permission_perm on sys_depart_role_permission(permission_id);

    create table sys_position (
      id varchar(32) primary key,
      code varchar(100) not null,
      name varchar(100) not null,
      post_rank varchar(2),
      company_id varchar(32),
      sys_org_code varchar(64),
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_position_code unique (code)
    );

    create table sys_category (
      id varchar(36) primary key,
      pid varchar(36) not null default '0',
      name varchar(100) not null,
      code varchar(100) not null,
      sys_org_code varchar(64),
      has_child varchar(3) not null default '0',
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_category_code unique (code)
    );
    create index idx_sys_category_pid on sys_category(pid);
  `,
  );
  await syncShippedMenus(db, MENU_0005);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop table sys_category, sys_position, sys_depart_role_permission, sys_depart_role_user,
      sys_depart_role, sys_depart_permission, sys_permission_data_rule`,
  );
}

// The menu as shipped with this migration (server/db/seed/menu.ts at that time).

function crud(prefix: string, extra: readonly ShippedButton[] = []): ShippedButton[] {
  return [
    { name: '添加', perms: `${prefix}:add` },
    { name: '编辑', perms: `${prefix}:edit` },
    { name: '删除', perms: `${prefix}:delete` },
    { name: '批量删除', perms: `${prefix}:deleteBatch` },
    { name: '导入', perms: `${prefix}:import` },
    { name: '导出', perms: `${prefix}:export` },
    ...extra,
  ];
}

const LOWCODE_MENU: ShippedMenu = {
  name: '低代码',
  url: '/lowcode',
  component: 'layouts/RouteView',
  redirect: '/lowcode/page',
  icon: 'build',
  children: [
    {
      name: '页面配置',
      url: '/lowcode/page',
      component: 'lowcode/PageEditor',
      icon: 'form',
      perms: 'lowcode:page:list',
      buttons: [
        { name: '新建页面', perms: 'lowcode:page:add' },
        { name: '保存页面', perms: 'lowcode:page:edit' },
        { name: '删除页面', perms: 'lowcode:page:delete' },
        { name: '加入菜单', perms: 'lowcode:page:menu' },
      ],
    },
  ],
};

const MENU_0005: readonly ShippedMenu[] = [
  {
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    componentName: 'dashboard-analysis',
    icon: 'home',
  },
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    icon: 'setting',
    children: [
      {
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        icon: 'user',
        perms: 'user:list',
        buttons: crud('user', [
          { name: '冻结/解冻', perms: 'user:frozen' },
          { name: '重置密码', perms: 'user:resetPassword' },
          { name: '回收站', perms: 'user:recycleBin' },
        ]),
      },
      {
        name: '角色管理',
        url: '/isystem/role',
        component: 'system/RoleList',
        icon: 'team',
        perms: 'role:list',
        buttons: crud('role', [
          { name: '授权', perms: 'role:authorize' },
          { name: '角色用户', perms: 'role:user' },
        ]),
      },
      {
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        icon: 'menu',
        perms: 'permission:list',
        buttons: crud('permission', [{ name: '数据规则', perms: 'permission:dataRule' }]),
      },
      {
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        icon: 'apartment',
        perms: 'depart:list',
        buttons: crud('depart', [
          { name: '部门授权', perms: 'depart:authorize' },
          { name: '部门角色', perms: 'depart:role' },
          { name: '部门用户', perms: 'depart:user' },
        ]),
      },
      {
        name: '数据字典',
        url: '/isystem/dict',
        component: 'system/DictList',
        icon: 'book',
        perms: 'dict:list',
        buttons: crud('dict'),
      },
      {
        name: '系统通告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        icon: 'notification',
        perms: 'notice:list',
        buttons: crud('notice', [
          { name: '发布', perms: 'notice:release' },
          { name: '撤销', perms: 'notice:revoke' },
        ]),
      },
      {
        name: '职务管理',
        url: '/isystem/position',
        component: 'system/SysPositionList',
        icon: 'idcard',
        perms: 'position:list',
        buttons: crud('position'),
      },
      {
        name: '分类字典',
        url: '/isystem/category',
        component: 'system/SysCategoryList',
        icon: 'partition',
        perms: 'category:list',
        buttons: crud('category'),
      },
      {
        name: '校验规则',
        url: '/isystem/checkRule',
        component: 'system/SysCheckRuleList',
        icon: 'safety',
        perms: 'checkRule:list',
        buttons: crud('checkRule'),
      },
    ],
  },
  LOWCODE_MENU,
  {
    name: '我的消息',
    url: '/settings/notice/mine',
    component: 'settings/NoticeMine',
    icon: 'bell',
    hidden: true,
  },
];
