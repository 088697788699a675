import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  call,
  createTestApp,
  DEMO_PASSWORD,
  login,
  type TestApp,
} from '../support/test-app';
import {
  departIds,
  expectBadRequest,
  expectClean,
  expectRefused,
  U,
  USER_LIST_KEYS,
  type Page,
  type UserRow,
} from './users-support';

/** 用户管理: the list, one user, the edit form's lookups, and what staff (user:list) may do. */

let t: TestApp;
let admin: string;
let staff: string;
let departs: Map<string, string>;
let adminId: string;
let adminRoleId: string;

const dep = (code: string) => departs.get(code)!;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
  departs = await departIds(t.db);
  adminId = (
    await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  adminRoleId = (
    await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const list = (query: Record<string, string>, token = admin) =>
  call<Page<UserRow>>(t.app, 'GET', `${U}/list`, { token, query });

const queryById = (id: string, token = admin) =>
  call<UserRow>(t.app, 'GET', `${U}/queryById`, { token, query: { id } });

let serial = 0;
/** A valid add body with fresh unique values. */
function newUser(extra: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    username: `crud_user${serial}`,
    realname: `测试用户${serial}`,
    password: 'Secret-123',
    confirmpassword: 'Secret-123',
    ...extra,
  };
}

describe('list', () => {
  it('pages live users with the contract fields and never the hash', async () => {
    const res = await list({ pageSize: '5' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const page = res.body.result;
    expect(page.total).toBeGreaterThanOrEqual(52);
    expect(page).toMatchObject({ size: 5, current: 1, pages: Math.ceil(page.total / 5) });
    expect(page.records).toHaveLength(5);
    for (const record of page.records) expect(Object.keys(record).sort()).toEqual(USER_LIST_KEYS);
    expect(res.text).not.toMatch(/scrypt|password|loginFailCount|lockedUntil/);
  });

  it("filters by the contract fields, sorts, and lists a department's members", async () => {
    const byName = await list({ username: 'admin' });
    expect(byName.body.result.records).toHaveLength(1);
    const adminRow = byName.body.result.records[0]!;
    // Every department of the user, the main one first.
    expect(adminRow).toMatchObject({
      orgCode: 'A01',
      orgCodeTxt: '星河科技集团,星河科技（上海）分公司',
      workNo: 'XH0001',
    });
    expect(adminRow.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const frozen = await list({ status: '2', pageSize: '100' });
    expect(frozen.body.result.total).toBeGreaterThan(0);
    expect(frozen.body.result.records.every((r) => r.status === 2)).toBe(true);

    const like = await list({
      username: '*li*',
      column: 'username',
      order: 'asc',
      pageSize: '100',
    });
    const names = like.body.result.records.map((r) => r.username);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes('li'))).toBe(true);
    expect([...names].sort()).toEqual(names);

    // 删除时间 in the recycle bin: the list sorts by the last change too.
    const changed = await list({ column: 'updateTime', order: 'desc', pageSize: '100' });
    expect(changed.body.success).toBe(true);
    const times = changed.body.result.records.map((r) => r.updateTime ?? '');
    expect([...times].sort().reverse()).toEqual(times);

    const branch = await list({ departId: dep('A02'), pageSize: '100' });
    expect(branch.body.result.records.map((r) => r.username)).toEqual(['admin']);

    const hr = await list({ orgCode: 'A01A05', pageSize: '100' });
    expect(hr.body.result.records.map((r) => r.username)).toContain('staff');
  });

  it('refuses unknown fields and sorts with a clean 400, and the users stay', async () => {
    const before = await list({});
    const attempts: Record<string, string>[] = [
      { column: 'username;drop table sys_user' },
      { '1=1--': 'x' },
      { superQueryParams: JSON.stringify([{ field: 'password', rule: 'eq', val: 'x' }]) },
      { superQueryParams: '[{"field":"username) or (1=1","rule":"eq","val":"x"}]' },
      { password: 'x' },
    ];
    for (const query of attempts) {
      const res = await expectBadRequest(t.app, 'GET', `${U}/list`, { token: admin, query });
      expect(res.body.message).toMatch(/未知的查询字段|参数|查询/);
    }
    const odd = await list({ order: 'asc; drop table sys_user', username: "x' or '1'='1" });
    expect(odd.status).toBe(200);
    expect(odd.body.result.total).toBe(0);
    expectClean(odd);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    await expectBadRequest(t.app, 'GET', `${U}/list`, {
      token: admin,
      query: { departId: "x' or '1'='1" },
    });
    const byDepart = await list({ departId: 'no-such-depart' });
    expect(byDepart.body.result.total).toBe(0);
    expect((await list({})).body.result.total).toBe(before.body.result.total);
  });

  it('is 510 for a signed-in user without user:list, 401 without a token', async () => {
    await createUser(t.db, { username: 'crud_nobody', password: DEMO_PASSWORD });
    const nobody = await login(t.app, 'crud_nobody', DEMO_PASSWORD);
    const res = await list({}, nobody);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 510 });
    const anonymous = await call(t.app, 'GET', `${U}/list`);
    expect(anonymous.status).toBe(401);
  });
});

describe('queryById, queryUserRole, userDepartList', () => {
  it('answers the user with selectedroles and selecteddeparts', async () => {
    const res = await queryById(adminId);
    expect(res.body.success).toBe(true);
    const user = res.body.result;
    expect(user).toMatchObject({ id: adminId, username: 'admin', selectedroles: adminRoleId });
    expect(user.selecteddeparts!.split(',').sort()).toEqual([dep('A01'), dep('A02')].sort());
    expect(res.text).not.toMatch(/scrypt|password/);
  });

  it('answers 未找到对应数据 for an unknown id and 400 without one', async () => {
    await expectRefused(
      t.app,
      'GET',
      `${U}/queryById`,
      { token: admin, query: { id: 'no-such-user' } },
      '未找到对应数据',
    );
    // Not an id: refused (400) where ids are parsed, before any SQL.
    await expectBadRequest(t.app, 'GET', `${U}/queryById`, {
      token: admin,
      query: { id: "x' or 1=1--" },
    });
    await expectBadRequest(t.app, 'GET', `${U}/queryById`, { token: admin });
  });

  it('lists role ids and departments of a user', async () => {
    const roles = await call<string[]>(t.app, 'GET', `${U}/queryUserRole`, {
      token: admin,
      query: { userid: adminId },
    });
    expect(roles.body.result).toEqual([adminRoleId]);
    const list = await call<{ key: string; value: string; title: string }[]>(
      t.app,
      'GET',
      `${U}/userDepartList`,
      { token: admin, query: { userId: adminId } },
    );
    expect(list.body.result).toEqual([
      { key: dep('A01'), value: dep('A01'), title: '星河科技集团' },
      { key: dep('A02'), value: dep('A02'), title: '星河科技（上海）分公司' },
    ]);
    await expectBadRequest(t.app, 'GET', `${U}/queryUserRole`, { token: admin });
  });
});

describe('checkOnlyUser', () => {
  it('tells whether a username is free; any signed-in user may ask', async () => {
    const check = (query: Record<string, string>, token = staff) =>
      call(t.app, 'GET', `${U}/checkOnlyUser`, { token, query });
    expect((await check({ username: 'admin' })).body).toMatchObject({
      success: false,
      message: '用户账号已存在',
    });
    expect((await check({ username: 'admin', id: adminId })).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await check({ username: 'free_name' })).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    const injected = await check({ username: "' or '1'='1" });
    expect(injected.body.success).toBe(true);
    expectClean(injected);
    expect(
      (await call(t.app, 'GET', `${U}/checkOnlyUser`, { query: { username: 'x' } })).status,
    ).toBe(401);
  });
});

describe('staff (user:list only)', () => {
  it('reads the list and one user', async () => {
    expect((await list({}, staff)).body.success).toBe(true);
    expect((await queryById(adminId, staff)).body.success).toBe(true);
  });

  it('gets 510 on every write and every other screen action', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', 'add', { body: newUser() }],
      ['PUT', 'edit', { body: { id: adminId, realname: 'x' } }],
      ['DELETE', 'delete', { query: { id: adminId } }],
      ['DELETE', 'deleteBatch', { query: { ids: adminId } }],
      ['PUT', 'frozenBatch', { body: { ids: adminId, status: '2' } }],
      ['PUT', 'changePassword', { body: { username: 'admin', password: 'Hacked-123' } }],
      ['GET', 'recycleBin', {}],
      ['PUT', 'putRecycleBin', { body: { userIds: adminId } }],
      ['DELETE', 'deleteRecycleBin', { query: { userIds: adminId } }],
      ['GET', 'exportXls', {}],
      ['POST', 'importExcel', {}],
      ['GET', 'userRoleList', { query: { roleId: adminRoleId } }],
      ['POST', 'addSysUserRole', { body: { roleId: adminRoleId, userIdList: [adminId] } }],
      ['DELETE', 'deleteUserRole', { query: { roleId: adminRoleId, userId: adminId } }],
      ['DELETE', 'deleteUserRoleBatch', { query: { roleId: adminRoleId, userIds: adminId } }],
      ['GET', 'departUserList', { query: { depId: dep('A01') } }],
      ['POST', 'editSysDepartWithUser', { body: { depId: dep('A01'), userIdList: [adminId] } }],
      ['DELETE', 'deleteUserInDepart', { query: { depId: dep('A01'), userId: adminId } }],
      ['DELETE', 'deleteUserInDepartBatch', { query: { depId: dep('A01'), userIds: adminId } }],
    ];
    for (const [method, action, options] of calls) {
      const res = await call(t.app, method as 'GET', `${U}/${action}`, {
        token: staff,
        ...options,
      });
      expect(res.status, action).toBe(200);
      expect(res.body, action).toMatchObject({
        success: false,
        code: 510,
        message: '没有权限，请联系管理员授权',
      });
    }
    const admin = await t.db
      .selectFrom('sys_user')
      .select(['realname', 'status', 'delFlag'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ realname: '管理员', status: 1, delFlag: 0 });
    expect(await login(t.app, 'admin', DEMO_PASSWORD)).toBeTruthy();
  });
});
