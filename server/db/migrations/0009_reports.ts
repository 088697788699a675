import type { Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * Online reports (issue 13, the reference's cgreport): one row per report definition — its
 * SQL with `${name}` parameters, its columns (`items`) and parameters (`params`) as JSON, and
 * a version raised on every save. Ships the 客户选择 report over 客户管理 (name and phone) that
 * the popup picker uses, and its access code `report:demo_customer_pick:list` granted to the
 * admin role, with 报表配置's codes `lowcode:report:list|add|edit|delete` (buttons of 页面配置
 * until 报表配置 has its own screen).
 */
const MENU_0009: readonly ShippedMenu[] = [
  {
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
          { name: '报表配置', perms: 'lowcode:report:list' },
          { name: '新增报表', perms: 'lowcode:report:add' },
          { name: '编辑报表', perms: 'lowcode:report:edit' },
          { name: '删除报表', perms: 'lowcode:report:delete' },
          { name: '客户选择报表', perms: 'report:demo_customer_pick:list' },
        ],
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table onl_cgreport_head (
      id varchar(32) primary key,
      code varchar(100) not null,
      name varchar(100) not null,
      cgr_sql text not null,
      items jsonb not null default '[]',
      params jsonb not null default '[]',
      version integer not null default 1,
      create_by varchar(50),
      create_time timestamptz not null default now(),
      update_by varchar(50),
      update_time timestamptz
    );
    create unique index uniq_onl_cgreport_code on onl_cgreport_head (code);
    insert into onl_cgreport_head (id, code, name, cgr_sql, items, params, create_by)
    values (
      '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d',
      'demo_customer_pick',
      '客户选择',
      'select id, name, phone from demo_customer where name like ''%'' || \${keyword} || ''%''',
      '[{"field":"id","title":"编号","show":false},{"field":"name","title":"客户名称","width":200,"search":"single","order":true},{"field":"phone","title":"手机号","width":160,"search":"single","order":true}]',
      '[{"name":"keyword","title":"关键字","default":""}]',
      'admin'
    );
    `,
  );
  await syncShippedMenus(db, MENU_0009);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'drop table if exists onl_cgreport_head;');
}
