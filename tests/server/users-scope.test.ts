import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../support/test-app';
import {
  departIds,
  expectRefused,
  roleWithCodes,
  U,
  type Page,
  type UserRow,
} from './users-support';

/**
 * Data rules of 用户管理 (角色管理 → 授权 → 数据规则): a manager whose role chose the rule
 * 本部门用户 (orgCode RIGHT_LIKE #{sys_org_code}) sees and touches only the users of their
 * department subtree, on every route of the screen, the recycle bin's included (its button
 * belongs to 用户管理, so the menu's rules are filed under its code too).
 */

let t: TestApp;
let admin: string;
let manager: string;

const OUT_OF_SCOPE = '没有该数据的操作权限';
const SCREEN_CODES = [
  'user:list',
  'user:edit',
  'user:delete',
  'user:deleteBatch',
  'user:frozen',
  'user:resetPassword',
  'user:export',
  'user:recycleBin',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const roleId = await roleWithCodes(t.db, 'dev_lead', SCREEN_CODES);
  const menu = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', '=', 'user:list')
    .executeTakeFirstOrThrow();
  const rule = await t.db
    .selectFrom('sys_permission_data_rule')
    .select('id')
    .where('permissionId', '=', menu.id)
    .where('ruleName', '=', '本部门用户')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('sys_role_permission')
    .set({ dataRuleIds: rule.id })
    .where('roleId', '=', roleId)
    .where('permissionId', '=', menu.id)
    .execute();
  const departs = await departIds(t.db);
  const added = await call<string>(t.app, 'POST', `${U}/add`, {
    token: admin,
    body: {
      username: 'scope_manager',
      realname: '研发经理',
      password: DEMO_PASSWORD,
      selectedroles: roleId,
      selecteddeparts: departs.get('A01A02'),
    },
  });
  expect(added.body.success, added.body.message).toBe(true);
  manager = await login(t.app, 'scope_manager', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function idOf(username: string): Promise<string> {
  return (
    await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;
}

/** A live demo user of the manager's subtree (A01A02…), other than the manager. */
async function insider(offset = 0): Promise<{ id: string; username: string }> {
  return t.db
    .selectFrom('sys_user')
    .select(['id', 'username'])
    .where('orgCode', 'like', 'A01A02%')
    .where('username', '<>', 'scope_manager')
    .where('delFlag', '=', 0)
    .orderBy('username')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
}

const list = (token: string, query: Record<string, string> = {}) =>
  call<Page<UserRow>>(t.app, 'GET', `${U}/list`, { token, query: { pageSize: '1000', ...query } });

describe('data rules on 用户管理', () => {
  it('the list and the export show only the users inside', async () => {
    const all = (await list(admin)).body.result;
    const mine = (await list(manager)).body.result;
    expect(mine.total).toBeGreaterThan(1);
    expect(mine.total).toBeLessThan(all.total);
    expect(mine.records.every((r) => r.orgCode!.startsWith('A01A02'))).toBe(true);
    expect(mine.records.map((r) => r.username)).toContain('scope_manager');
    // Filters still apply inside the scope.
    const admins = await list(manager, { username: 'admin' });
    expect(admins.body.result.total).toBe(0);

    const res = await t.app.inject({
      method: 'GET',
      url: `${U}/exportXls`,
      headers: { 'x-access-token': manager },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const usernames: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) usernames.push(String(row.getCell(1).value));
    });
    expect(usernames.sort()).toEqual(mine.records.map((r) => r.username).sort());
  });

  it('queryById, edit, delete, freeze and password reset refuse a user outside', async () => {
    const staffId = await idOf('staff');
    const as = { token: manager };
    await expectRefused(
      t.app,
      'GET',
      `${U}/queryById`,
      { ...as, query: { id: staffId } },
      OUT_OF_SCOPE,
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { ...as, body: { id: staffId, realname: '改' } },
      OUT_OF_SCOPE,
    );
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/delete`,
      { ...as, query: { id: staffId } },
      OUT_OF_SCOPE,
    );
    const inside = await insider();
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteBatch`,
      { ...as, query: { ids: `${inside.id},${staffId}` } },
      OUT_OF_SCOPE,
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/frozenBatch`,
      { ...as, body: { ids: staffId, status: '2' } },
      OUT_OF_SCOPE,
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/changePassword`,
      { ...as, body: { username: 'staff', password: 'Taken-over-1' } },
      OUT_OF_SCOPE,
    );

    const staff = await t.db
      .selectFrom('sys_user')
      .select(['realname', 'status', 'delFlag', 'passwordChangedAt'])
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(staff).toEqual({ realname: '陈静', status: 1, delFlag: 0, passwordChangedAt: null });
    expect(
      (
        await t.db
          .selectFrom('sys_user')
          .select('delFlag')
          .where('id', '=', inside.id)
          .executeTakeFirstOrThrow()
      ).delFlag,
    ).toBe(0);
    expect(await login(t.app, 'staff', DEMO_PASSWORD)).toBeTruthy();
  });

  it('the same routes work on a user inside', async () => {
    const inside = await insider(1);
    const as = { token: manager };
    expect(
      (await call(t.app, 'GET', `${U}/queryById`, { ...as, query: { id: inside.id } })).body
        .success,
    ).toBe(true);
    const edit = await call(t.app, 'PUT', `${U}/edit`, {
      ...as,
      body: { id: inside.id, telephone: '010-1234' },
    });
    expect(edit.body).toMatchObject({ success: true });
    const freeze = await call(t.app, 'PUT', `${U}/frozenBatch`, {
      ...as,
      body: { ids: inside.id, status: '2' },
    });
    expect(freeze.body.success).toBe(true);
    const reset = await call(t.app, 'PUT', `${U}/changePassword`, {
      ...as,
      body: { id: inside.id, password: 'Reset-pass-1' },
    });
    expect(reset.body.success).toBe(true);
    const del = await call(t.app, 'DELETE', `${U}/delete`, { ...as, query: { id: inside.id } });
    expect(del.body.success).toBe(true);
  });

  it('the recycle bin meets the same rule: users outside are neither listed, restored nor purged', async () => {
    const staffId = await idOf('staff');
    const staff = await t.db
      .selectFrom('sys_user')
      .select('orgCode')
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(staff.orgCode ?? '').not.toMatch(/^A01A02/);
    await call(t.app, 'DELETE', `${U}/delete`, { token: admin, query: { id: staffId } });
    const bin = await call<Page<UserRow>>(t.app, 'GET', `${U}/recycleBin`, {
      token: manager,
      query: { username: 'staff' },
    });
    expect(bin.body.result.records).toEqual([]);
    const restore = await call(t.app, 'PUT', `${U}/putRecycleBin`, {
      token: manager,
      body: { userIds: staffId },
    });
    expect(restore.body).toMatchObject({ success: false, message: OUT_OF_SCOPE });
    const purge = await call(t.app, 'DELETE', `${U}/deleteRecycleBin`, {
      token: manager,
      query: { userIds: staffId },
    });
    expect(purge.body).toMatchObject({ success: false, message: OUT_OF_SCOPE });
    // Inside the scope the bin works as before.
    const inside = await insider(1);
    await call(t.app, 'DELETE', `${U}/delete`, { token: admin, query: { id: inside.id } });
    const mine = await call<Page<UserRow>>(t.app, 'GET', `${U}/recycleBin`, {
      token: manager,
      query: { username: inside.username },
    });
    expect(mine.body.result.records.map((r) => r.id)).toEqual([inside.id]);
    const back = await call(t.app, 'PUT', `${U}/putRecycleBin`, {
      token: manager,
      body: { userIds: inside.id },
    });
    expect(back.body.success).toBe(true);
    // The administrator (no rule) restores staff.
    const restored = await call(t.app, 'PUT', `${U}/putRecycleBin`, {
      token: admin,
      body: { userIds: staffId },
    });
    expect(restored.body.success).toBe(true);
    expect(await login(t.app, 'staff', DEMO_PASSWORD)).toBeTruthy();
  });
});
