import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { splitCodes } from '../../server/auth/codes';
import { SEED_MENU, type SeedMenu } from '../../server/db/seed/menu';
import { syncShippedMenus } from '../../server/db/migrations/sync-menus';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Installs made before a menu change get the new menus and buttons from the migration that
 * ships them (syncShippedMenus): added once, granted to the admin role, nothing else touched.
 */

let t: TestApp;
let raw: Kysely<unknown>;

function seedCodes(menus: readonly SeedMenu[]): string[] {
  return menus.flatMap((m) => [
    ...splitCodes(m.perms),
    ...(m.buttons ?? []).map((b) => b.perms),
    ...seedCodes(m.children ?? []),
  ]);
}

async function adminCodes(): Promise<string[]> {
  const { rows } = await sql<{ perms: string }>`
    select p.perms from sys_permission p
    join sys_role_permission rp on rp.permission_id = p.id
    join sys_role r on r.id = rp.role_id
    where r.role_code = 'admin' and p.perms is not null and p.del_flag = 0`.execute(raw);
  return rows.flatMap((r) => splitCodes(r.perms)).sort();
}

async function rowCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_permission`.execute(
    raw,
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  raw = t.db.withoutPlugins() as unknown as Kysely<unknown>;
});
afterAll(async () => {
  await t?.close();
});

describe('syncShippedMenus', () => {
  it('the seeded menu already holds every shipped code, all granted to admin', async () => {
    const before = await rowCount();
    await syncShippedMenus(raw, SEED_MENU);
    expect(await rowCount()).toBe(before);
    expect(await adminCodes()).toEqual(expect.arrayContaining(seedCodes(SEED_MENU)));
  });

  it('adds back a missing screen with its buttons and a missing button, granted to admin', async () => {
    await sql`delete from sys_permission where perms = 'checkRule:list'`.execute(raw);
    await sql`delete from sys_permission where perms = 'user:recycleBin'`.execute(raw);
    await sql`update sys_permission set name = '人员管理' where perms = 'user:list'`.execute(raw);
    expect(await adminCodes()).not.toContain('checkRule:add');

    await syncShippedMenus(raw, SEED_MENU);

    const codes = await adminCodes();
    for (const code of ['checkRule:list', 'checkRule:add', 'checkRule:import', 'user:recycleBin']) {
      expect(codes).toContain(code);
    }
    // What an administrator changed stays as they left it.
    const { rows } = await sql<{ name: string }>`
      select name from sys_permission where perms = 'user:list'`.execute(raw);
    expect(rows).toEqual([{ name: '人员管理' }]);
    const recycle = await sql<{ parent: string }>`
      select parent.perms as parent from sys_permission b
      join sys_permission parent on parent.id = b.parent_id
      where b.perms = 'user:recycleBin'`.execute(raw);
    expect(recycle.rows).toEqual([{ parent: 'user:list' }]);

    const count = await rowCount();
    await syncShippedMenus(raw, SEED_MENU);
    expect(await rowCount()).toBe(count);
  });

  it('leaves a database without menus alone (the seed fills it later)', async () => {
    await sql`delete from sys_permission`.execute(raw);
    await syncShippedMenus(raw, SEED_MENU);
    expect(await rowCount()).toBe(0);
  });
});
