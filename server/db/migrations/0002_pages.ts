import { sql, type Kysely } from 'kysely';
import { runStatements } from './statements';

/** The 低代码 menu as this migration shipped it (a frozen copy; the seed may change). */
const LOWCODE_MENU = {
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
} as const;

/**
 * Page definitions with their versions, code rules, and — on databases seeded before this
 * migration — the 低代码 menu granted to the admin role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_page (
      id varchar(32) primary key,
      code varchar(64) not null,
      title varchar(100) not null,
      kind varchar(20) not null,
      definition jsonb not null,
      version integer not null default 1,
      table_name varchar(63),
      builtin boolean not null default false,
      create_by varchar(100),
      create_time timestamptz not null default now(),
      update_by varchar(100),
      update_time timestamptz,
      constraint uniq_sys_page_code unique (code),
      constraint uniq_sys_page_table unique (table_name)
    );

    create table sys_page_version (
      id varchar(32) primary key,
      page_id varchar(32) not null references sys_page(id) on delete cascade,
      version integer not null,
      definition jsonb not null,
      changes jsonb not null default '[]'::jsonb,
      note varchar(500),
      create_by varchar(100),
      create_time timestamptz not null default now(),
      constraint uniq_sys_page_version unique (page_id, version)
    );

    create table sys_check_rule (
      id varchar(32) primary key,
      rule_name varchar(100) not null,
      rule_code varchar(100) not null,
      rule_json varchar(1024) not null,
      rule_description varchar(200),
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz,
      constraint uniq_sys_check_rule_code unique (rule_code)
    );

    insert into sys_check_rule (id, rule_name, rule_code, rule_json, rule_description, create_by)
    values (
      'a0c1c8f1d0b14b6e8a51b7c7b2f0c001', '通用编码规则', 'common',
      '[{"digits":"1","pattern":"^[a-zA-Z]$","message":"第一位只能是字母"},{"digits":"*","pattern":"^[a-zA-Z0-9_]*$","message":"只能填写数字、大小写字母、下划线"},{"digits":"*","pattern":"^.{3,}$","message":"最少输入3位数"}]',
      '首字母为字母，只含字母、数字、下划线，至少3位', 'system')
    `,
  );

  // Installs seeded before this migration get the 低代码 menu; a fresh database gets it from
  // the seed (which runs after the migrations, on a database without menus).
  const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_permission`.execute(
    db,
  );
  if ((seeded.rows[0]?.n ?? 0) === 0) return;
  const parentId = `lowcode${'0'.repeat(24)}1`;
  const pageId = `lowcode${'0'.repeat(24)}2`;
  const page = LOWCODE_MENU.children![0]!;
  await sql`
    insert into sys_permission (id, parent_id, name, url, component, redirect, menu_type, icon, sort_no, is_leaf, create_by)
    values (${parentId}, null, ${LOWCODE_MENU.name}, ${LOWCODE_MENU.url}, ${LOWCODE_MENU.component},
            ${LOWCODE_MENU.redirect ?? null}, 0, ${LOWCODE_MENU.icon ?? null}, 90, false, 'system'),
           (${pageId}, ${parentId}, ${page.name}, ${page.url}, ${page.component}, null, 1,
            ${page.icon ?? null}, 1, false, 'system')`.execute(db);
  const buttons = page.buttons ?? [];
  for (const [index, button] of buttons.entries()) {
    await sql`
      insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, create_by)
      values (${`lowcode${'0'.repeat(23)}${10 + index}`}, ${pageId},
              ${button.name}, 2, ${button.perms}, '1', '1', ${index + 1}, false, 'system')`.execute(
      db,
    );
  }
  await sql`
    update sys_permission set perms = ${page.perms ?? null} where id = ${pageId}`.execute(db);
  await sql`
    insert into sys_role_permission (id, role_id, permission_id, operate_date)
    select md5(r.id || p.id), r.id, p.id, now()
    from sys_role r cross join sys_permission p
    where r.role_code = 'admin' and (p.id = ${parentId} or p.id = ${pageId} or p.parent_id = ${pageId})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `delete from sys_permission where id like 'lowcode%';
     drop table sys_check_rule, sys_page_version, sys_page`,
  );
}
