import type { Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * 在线用户 (issue 23): each session gets an opaque `id` that names it in 在线用户 and in a forced
 * logout (the reference lists tokens; the token, and its hash, never leave the server), and
 * `last_seen_at`, moved by the session's calls at most once a minute. Adds the screen
 * 系统管理 → 在线用户 with its 强制退出 button on installs that have menus.
 */

const SYSTEM: readonly ShippedMenu[] = [
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    icon: 'setting',
    children: [
      {
        name: '在线用户',
        url: '/isystem/onlineUser',
        component: 'system/OnlineUserList',
        icon: 'team',
        perms: 'online:user:list',
        buttons: [{ name: '强制退出', perms: 'online:user:forceLogout' }],
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table sys_session add column id varchar(32);
    update sys_session set id = replace(gen_random_uuid()::text, '-', '');
    alter table sys_session alter column id set not null;
    alter table sys_session alter column id set default replace(gen_random_uuid()::text, '-', '');
    create unique index uniq_sys_session_id on sys_session (id);
    alter table sys_session add column last_seen_at timestamptz;
    `,
  );
  await syncShippedMenus(db, SYSTEM);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index if exists uniq_sys_session_id;
    alter table sys_session drop column if exists id;
    alter table sys_session drop column if exists last_seen_at;
    `,
  );
}
