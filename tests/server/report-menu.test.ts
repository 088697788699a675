import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../server/db/migrations/0011_report_menu';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * 报表配置's own screen (migration 0011): an install whose report codes are buttons of 页面配置
 * (as 0009 left them) gets the screen, the buttons move under it with their grants, and a role
 * that held 报表配置 as a button holds the screen.
 */

let t: TestApp;
let raw: Kysely<unknown>;

beforeAll(async () => {
  t = await createTestApp();
  raw = t.db.withoutPlugins() as unknown as Kysely<unknown>;
});
afterAll(async () => {
  await t?.close();
});

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(raw)).rows[0];

interface Placed {
  parent: string;
  roles: string;
}
/** Where the row with `perms` is (its parent's url) and which roles hold it. */
async function placed(perms: string, menuType: number): Promise<Placed[]> {
  const { rows } = await sql<Placed>`
    select parent.url as parent,
      coalesce((select string_agg(r.role_code, ',' order by r.role_code)
        from sys_role_permission rp join sys_role r on r.id = rp.role_id
        where rp.permission_id = p.id), '') as roles
    from sys_permission p join sys_permission parent on parent.id = p.parent_id
    where p.perms = ${perms} and p.menu_type = ${menuType} and p.del_flag = 0`.execute(raw);
  return rows;
}

describe('migration 0011 on an install with the report codes under 页面配置', () => {
  it('moves them under 报表配置, keeping every role that held them', async () => {
    // Back to 0009's layout: the buttons under 页面配置, no 报表配置 screen.
    const page = (await one(
      sql<{ id: string }>`select id from sys_permission where url = '/lowcode/page'`,
    ))!.id;
    await sql`update sys_permission set parent_id = ${page}
      where menu_type = 2 and (perms like 'lowcode:report:%' or perms like 'report:%')`.execute(
      raw,
    );
    await sql`delete from sys_permission where perms = 'lowcode:report:menu'`.execute(raw);
    await sql`delete from sys_permission where url = '/lowcode/report'`.execute(raw);
    await sql`
      insert into sys_permission (id, parent_id, name, menu_type, perms, sort_no, is_route, create_by)
      values ('oldreportlistbutton0000000000001', ${page}, '报表配置', 2, 'lowcode:report:list', 5,
        false, 'system')`.execute(raw);
    await sql`insert into sys_role_permission (id, role_id, permission_id)
      select md5(r.id || p.id), r.id, p.id from sys_role r cross join sys_permission p
      where r.role_code = 'admin' and p.id = 'oldreportlistbutton0000000000001'`.execute(raw);
    // Another role was granted the designer's codes and the demo report.
    const role = 'r0011designer000000000000000001';
    await sql`insert into sys_role (id, role_name, role_code) values (${role}, '报表设计', 'designer')`.execute(
      raw,
    );
    await sql`insert into sys_role_permission (id, role_id, permission_id)
      select md5(${role} || p.id), ${role}, p.id from sys_permission p
      where p.parent_id = ${page} and p.menu_type = 2
        and (p.perms like 'lowcode:report:%' or p.perms = 'report:demo_customer_pick:list')`.execute(
      raw,
    );
    expect(await placed('lowcode:report:add', 2)).toEqual([
      { parent: '/lowcode/page', roles: 'admin,designer' },
    ]);

    await up(raw);

    for (const code of [
      'lowcode:report:add',
      'lowcode:report:edit',
      'lowcode:report:delete',
      'report:demo_customer_pick:list',
    ]) {
      expect(await placed(code, 2), code).toEqual([
        { parent: '/lowcode/report', roles: 'admin,designer' },
      ]);
    }
    expect(await placed('lowcode:report:menu', 2)).toEqual([
      { parent: '/lowcode/report', roles: 'admin' },
    ]);
    expect(await placed('lowcode:report:list', 2)).toEqual([]);
    expect(await placed('lowcode:report:list', 1)).toEqual([
      { parent: '/lowcode', roles: 'admin,designer' },
    ]);

    // Running it again changes nothing.
    const count = async () =>
      (await one(sql<{ n: number }>`select count(*)::int as n from sys_permission`))!.n;
    const before = await count();
    await up(raw);
    expect(await count()).toBe(before);
  });
});
