import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../../server/db/index';
import { migrationProvider } from '../../server/db/migrations/index';
import type { ShippedMenu } from '../../server/db/migrations/sync-menus';
import { createTestDatabase, type TestDatabase } from '../support/test-app';

/**
 * Migrations never change once shipped: an install that ran one never runs it again, so a
 * changed migration would leave old and new installs different. Every file of
 * server/db/migrations/ (the migrations and the helpers they import; not index.ts, the
 * runner's list) is pinned by its sha256 in shipped.sha256.json. A migration reads nothing
 * but its own folder (no seed, no server module), so what it does is fixed with its text.
 * And an install made by the first release, migrated to today, has the menus a fresh install
 * gets from today's seed: a seed change that no migration ships fails here.
 */

const DIR = path.resolve(import.meta.dirname, '../../server/db/migrations');
const LIST = path.join(DIR, 'shipped.sha256.json');
/** The runner's list of migrations: it grows with every migration. */
const RUNNER = new Set(['index.ts']);

const shipped = JSON.parse(fs.readFileSync(LIST, 'utf8')) as Record<string, string>;
const files = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && !RUNNER.has(f))
  .sort();

function sha256(file: string): string {
  // Line endings as git may check them out on Windows do not count as a change.
  const text = fs.readFileSync(path.join(DIR, file), 'utf8').replace(/\r\n/g, '\n');
  return createHash('sha256').update(text).digest('hex');
}

describe('shipped migrations', () => {
  it('every shipped file is unchanged', () => {
    const changed = Object.keys(shipped)
      .filter((file) => !fs.existsSync(path.join(DIR, file)) || sha256(file) !== shipped[file])
      .map((file) => `${file}: migrations never change once shipped; add a new one`);
    expect(changed).toEqual([]);
  });

  it('every file is on the list (a new migration is added to it when it ships)', () => {
    const unlisted = files
      .filter((file) => !(file in shipped))
      .map((file) => `${file}: add "${file}": "${sha256(file)}" to shipped.sha256.json`);
    expect(unlisted).toEqual([]);
  });

  it('a migration imports only kysely, node built-ins and files of its own folder', () => {
    const outside = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(DIR, file), 'utf8');
      const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'/g)].map(
        (m) => m[1] ?? m[2]!,
      );
      return specifiers
        .filter((s) => !/^(kysely(\/.*)?|node:.+|\.\/[^/]+)$/.test(s))
        .map((s) => `${file} imports ${s}`);
    });
    expect(outside).toEqual([]);
  });

  it('the runner lists every migration file, in order', async () => {
    const migrations = files
      .filter((f) => /^\d{4}_[a-z0-9_]+\.ts$/.test(f))
      .map((f) => f.slice(0, -3));
    expect(Object.keys(await migrationProvider.getMigrations())).toEqual(migrations);
  });
});

// ---------------------------------------------------------------------------------------------
// An old install and a fresh one

/** The menu the first release seeded (server/db/seed/menu.ts at 74708f8): the oldest install. */
const crud = (prefix: string, ...extra: string[][]) =>
  [
    ['添加', `${prefix}:add`],
    ['编辑', `${prefix}:edit`],
    ['删除', `${prefix}:delete`],
    ['批量删除', `${prefix}:deleteBatch`],
    ['导入', `${prefix}:import`],
    ['导出', `${prefix}:export`],
    ...extra,
  ].map(([name, perms]) => ({ name: name!, perms: perms! }));

const screen = (name: string, url: string, perms: string, buttons: ShippedMenu['buttons']) => ({
  name,
  url,
  component: `system/${name}`,
  perms,
  buttons,
});

const FIRST_RELEASE_MENU: readonly ShippedMenu[] = [
  { name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis' },
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    children: [
      screen(
        '用户管理',
        '/isystem/user',
        'user:list',
        crud(
          'user',
          ['冻结/解冻', 'user:frozen'],
          ['重置密码', 'user:resetPassword'],
          ['回收站', 'user:recycleBin'],
        ),
      ),
      screen('角色管理', '/isystem/role', 'role:list', crud('role', ['授权', 'role:authorize'])),
      screen('菜单管理', '/isystem/permission', 'permission:list', [
        { name: '添加', perms: 'permission:add' },
        { name: '编辑', perms: 'permission:edit' },
        { name: '删除', perms: 'permission:delete' },
        { name: '数据规则', perms: 'permission:dataRule' },
      ]),
      screen(
        '部门管理',
        '/isystem/depart',
        'depart:list',
        crud('depart', ['部门授权', 'depart:authorize']),
      ),
      screen('数据字典', '/isystem/dict', 'dict:list', crud('dict')),
      screen(
        '系统通告',
        '/isystem/annountCement',
        'notice:list',
        crud('notice', ['发布', 'notice:release'], ['撤销', 'notice:revoke']),
      ),
      screen('职务管理', '/isystem/position', 'position:list', crud('position')),
      screen('分类字典', '/isystem/category', 'category:list', crud('category')),
    ],
  },
  {
    name: '我的消息',
    url: '/settings/notice/mine',
    component: 'settings/NoticeMine',
    hidden: true,
  },
];

const ADMIN_ROLE_ID = 'f6817f48af4fb3af11b9e8bf182f618b';

/** Seeds the first release's admin role and menu, every row granted to the role. */
async function seedFirstRelease(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_role (id, role_name, role_code) values (${ADMIN_ROLE_ID}, '管理员', 'admin')`.execute(
    db,
  );
  let next = 0;
  const id = () => `first${String(++next).padStart(27, '0')}`;
  const insert = async (list: readonly ShippedMenu[], parentId: string | null, depth: number) => {
    for (const [index, menu] of list.entries()) {
      const menuId = id();
      await sql`
        insert into sys_permission (id, parent_id, name, url, component, menu_type, perms, sort_no,
          is_leaf, hidden, create_by)
        values (${menuId}, ${parentId}, ${menu.name}, ${menu.url}, ${menu.component},
          ${depth === 0 ? 0 : 1}, ${menu.perms ?? null}, ${index + 1},
          ${!menu.children?.length && !menu.buttons?.length}, ${menu.hidden ?? false}, 'system')`.execute(
        db,
      );
      for (const [buttonIndex, button] of (menu.buttons ?? []).entries()) {
        await sql`
          insert into sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route,
            create_by)
          values (${id()}, ${menuId}, ${button.name}, 2, ${button.perms}, ${buttonIndex + 1},
            false, 'system')`.execute(db);
      }
      if (menu.children) await insert(menu.children, menuId, depth + 1);
    }
  };
  await insert(FIRST_RELEASE_MENU, null, 0);
  await sql`
    insert into sys_role_permission (id, role_id, permission_id)
    select md5(id), ${ADMIN_ROLE_ID}, id from sys_permission`.execute(db);
}

interface MenuShape {
  /** Each screen by its url path (parents' urls first) and type, with its code. */
  readonly screens: string[];
  /** Each button by its screen's path, its code and its name. */
  readonly buttons: string[];
  /** Codes the admin role is granted. */
  readonly adminCodes: string[];
}

async function menuShape(db: Kysely<unknown>): Promise<MenuShape> {
  const { rows } = await sql<{
    id: string;
    parent_id: string | null;
    url: string | null;
    menu_type: number;
    perms: string | null;
    name: string;
    granted: boolean;
  }>`
    select p.id, p.parent_id, p.url, p.menu_type, p.perms, p.name,
      exists (select 1 from sys_role_permission rp join sys_role r on r.id = rp.role_id
        where rp.permission_id = p.id and r.role_code = 'admin') as granted
    from sys_permission p where p.del_flag = 0`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: string | null): string => {
    const row = id ? byId.get(id) : undefined;
    return row ? `${pathOf(row.parent_id)} > ${row.url ?? ''}` : '';
  };
  return {
    screens: rows
      .filter((r) => r.menu_type !== 2)
      .map((r) => `${pathOf(r.id)} (${r.menu_type}) ${r.perms ?? ''}`)
      .sort(),
    buttons: rows
      .filter((r) => r.menu_type === 2)
      .map((r) => `${pathOf(r.parent_id)} # ${r.perms ?? ''} ${r.name}`)
      .sort(),
    adminCodes: rows
      .filter((r) => r.granted && r.perms)
      .map((r) => r.perms!)
      .sort(),
  };
}

const opened: { handle: DatabaseHandle; database: TestDatabase }[] = [];
async function open(contents: 'seeded' | 'empty'): Promise<DatabaseHandle> {
  const database = await createTestDatabase(contents);
  const handle = await database.open();
  opened.push({ handle, database });
  return handle;
}
afterAll(async () => {
  for (const { handle, database } of opened) {
    await handle.close();
    await database.drop();
  }
});

describe('an install of the first release, migrated to today', () => {
  it('has the menus, buttons and admin grants of a fresh install', async () => {
    const old = await open('empty');
    const migrator = new Migrator({ db: old.db, provider: migrationProvider });
    const first = await migrator.migrateTo('0001_core');
    expect(first.error).toBeUndefined();
    const raw = old.db.withoutPlugins() as unknown as Kysely<unknown>;
    await seedFirstRelease(raw);
    await migrateToLatest(old.db);

    const fresh = await open('seeded');
    const freshRaw = fresh.db.withoutPlugins() as unknown as Kysely<unknown>;
    expect(await menuShape(raw)).toEqual(await menuShape(freshRaw));
  });
});
