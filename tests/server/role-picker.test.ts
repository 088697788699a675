import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * The role picker's routes: any signed-in user (staff holds no role:* code) lists roles with
 * only id, roleName and roleCode, and looks names up by ids or by role codes.
 */

const R = '/system/sys/role';
let t: TestApp;
let staff: string;
let roles: { id: string; roleName: string; roleCode: string }[];

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  const { rows } = await sql<{ id: string; roleName: string; roleCode: string }>`
    select id, role_name as "roleName", role_code as "roleCode" from sys_role order by role_code`.execute(
    t.db.withoutPlugins(),
  );
  roles = rows;
  expect(roles.length).toBeGreaterThan(1);
});
afterAll(async () => {
  await t?.close();
});

describe('role picker routes', () => {
  it('lists roles for a signed-in user without role:list, picker fields only', async () => {
    expect((await call(t.app, 'GET', `${R}/list`, { token: staff })).body.code).toBe(510);
    const res = await call<Page<Record<string, unknown>>>(t.app, 'GET', `${R}/queryPickerList`, {
      token: staff,
      query: { pageNo: '1', pageSize: '100' },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.total).toBe(roles.length);
    for (const r of res.body.result.records) {
      expect(Object.keys(r).sort()).toEqual(['id', 'roleCode', 'roleName']);
    }
    const one = roles[0]!;
    const named = await call<Page<Record<string, unknown>>>(t.app, 'GET', `${R}/queryPickerList`, {
      token: staff,
      query: { roleName: one.roleName, pageNo: '1', pageSize: '5' },
    });
    expect(named.body.result.records.map((r) => r.id)).toContain(one.id);
  });

  it('needs a sign-in', async () => {
    expect((await call(t.app, 'GET', `${R}/queryPickerList`, {})).status).toBe(401);
    expect((await call(t.app, 'GET', `${R}/queryByKeys`, { query: { ids: 'x' } })).status).toBe(
      401,
    );
  });

  it('names held ids or codes; unknown ones are left out; one kind at a time', async () => {
    const [a, b] = [roles[0]!, roles[1]!];
    const byIds = await call<{ id: string }[]>(t.app, 'GET', `${R}/queryByKeys`, {
      token: staff,
      query: { ids: `${a.id},nope,${b.id},` },
    });
    expect(byIds.body.result.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const byCodes = await call<{ roleCode: string; roleName: string }[]>(
      t.app,
      'GET',
      `${R}/queryByKeys`,
      { token: staff, query: { codes: `${b.roleCode},nope` } },
    );
    expect(byCodes.body.result).toEqual([{ id: b.id, roleName: b.roleName, roleCode: b.roleCode }]);
    const badQueries: Record<string, string>[] = [
      {},
      { ids: a.id, codes: a.roleCode },
      { codes: ' , ' },
    ];
    for (const query of badQueries) {
      const bad = await call(t.app, 'GET', `${R}/queryByKeys`, { token: staff, query });
      expect(bad.body).toMatchObject({ success: false, message: '参数 ids 或 codes 不正确' });
    }
  });
});
