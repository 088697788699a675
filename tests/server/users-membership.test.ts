import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserDeparts } from '../../src/contracts/session';
import { newId } from '../../server/ids';
import {
  API,
  call,
  createTestApp,
  createUser,
  DEMO_PASSWORD,
  login,
  type TestApp,
} from '../support/test-app';
import {
  authCodes,
  departIds,
  expectBadRequest,
  expectClean,
  expectRefused,
  roleWithCodes,
  U,
  type Page,
  type UserRow,
} from './users-support';

/** 角色管理 → 用户, 部门管理 → 用户, and the user pickers. */

let t: TestApp;
let admin: string;
let staff: string;
let departs: Map<string, string>;

const dep = (code: string) => departs.get(code)!;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
  departs = await departIds(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('role members', () => {
  it('adds holders (their live tokens gain the codes), lists and removes them', async () => {
    const roleId = await roleWithCodes(t.db, 'member_role', ['user:list', 'user:add']);
    const [aId, bId] = await Promise.all([
      createUser(t.db, { username: 'member_a', password: DEMO_PASSWORD }),
      createUser(t.db, { username: 'member_b', password: DEMO_PASSWORD }),
    ]);
    const aToken = await login(t.app, 'member_a', DEMO_PASSWORD);
    expect(await authCodes(t.app, aToken)).not.toContain('user:add');

    const add = await call(t.app, 'POST', `${U}/addSysUserRole`, {
      token: admin,
      body: { roleId, userIdList: [aId, bId] },
    });
    expect(add.body).toMatchObject({ success: true, message: '新增成功！' });
    expect(await authCodes(t.app, aToken)).toContain('user:add');
    // Adding someone who holds it already is fine.
    const again = await call(t.app, 'POST', `${U}/addSysUserRole`, {
      token: admin,
      body: { roleId, userIdList: [aId] },
    });
    expect(again.body.success).toBe(true);

    const page = await call<Page<UserRow>>(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId, column: 'username', order: 'asc' },
    });
    expect(page.body.result.records.map((r) => r.username)).toEqual(['member_a', 'member_b']);
    const filtered = await call<Page<UserRow>>(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId, username: '*_b' },
    });
    expect(filtered.body.result.records.map((r) => r.username)).toEqual(['member_b']);

    const removeOne = await call(t.app, 'DELETE', `${U}/deleteUserRole`, {
      token: admin,
      query: { roleId, userId: aId },
    });
    expect(removeOne.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await authCodes(t.app, aToken)).not.toContain('user:add');
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteUserRole`,
      { token: admin, query: { roleId, userId: aId } },
      '未找到对应数据',
    );

    const removeAll = await call(t.app, 'DELETE', `${U}/deleteUserRoleBatch`, {
      token: admin,
      // `ids` (a list's selection) works as `userIds` does.
      query: { roleId, ids: `${aId},${bId},` },
    });
    expect(removeAll.body.success).toBe(true);
    const empty = await call<Page<UserRow>>(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId },
    });
    expect(empty.body.result.total).toBe(0);
  });

  it('refuses unknown roles and users, and bad parameters', async () => {
    const roleId = await roleWithCodes(t.db, 'member_role2', ['user:list']);
    const staffId = (
      await t.db
        .selectFrom('sys_user')
        .select('id')
        .where('username', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id;
    await expectRefused(
      t.app,
      'POST',
      `${U}/addSysUserRole`,
      { token: admin, body: { roleId: 'no-such-role', userIdList: [staffId] } },
      '角色不存在',
    );
    await expectRefused(
      t.app,
      'POST',
      `${U}/addSysUserRole`,
      { token: admin, body: { roleId, userIdList: [staffId, 'ghost'] } },
      '所选的用户不存在或已删除',
    );
    await expectBadRequest(t.app, 'POST', `${U}/addSysUserRole`, {
      token: admin,
      body: { roleId, userIdList: [] },
    });
    // A comma list (what a multi-select form sends) names the users too.
    const asText = await call(t.app, 'POST', `${U}/addSysUserRole`, {
      token: admin,
      body: { roleId, userIdList: `${staffId},` },
    });
    expect(asText.body).toMatchObject({ success: true });
    const holders = await call<Page<UserRow>>(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId },
    });
    expect(holders.body.result.records.map((r) => r.username)).toEqual(['staff']);
    await call(t.app, 'DELETE', `${U}/deleteUserRole`, {
      token: admin,
      query: { roleId, userId: staffId },
    });
    await expectRefused(
      t.app,
      'POST',
      `${U}/addSysUserRole`,
      { token: admin, body: { roleId, userIdList: 'a,b' } },
      '所选的用户不存在或已删除',
    );
    await expectBadRequest(t.app, 'GET', `${U}/userRoleList`, { token: admin });
    await expectBadRequest(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId, column: 'username;drop table sys_user' },
    });
    await expectBadRequest(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId, '1=1--': 'x' },
    });
    const unknown = await call<Page<UserRow>>(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId: 'no-such-role' },
    });
    expect(unknown.body.result.total).toBe(0);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    await expectBadRequest(t.app, 'GET', `${U}/userRoleList`, {
      token: admin,
      query: { roleId: "' or '1'='1" },
    });
  });
});

describe('department members', () => {
  it('adds members (a user without a main department gets this one), lists and removes them', async () => {
    const userId = await createUser(t.db, { username: 'member_c', password: DEMO_PASSWORD });
    const token = await login(t.app, 'member_c', DEMO_PASSWORD);
    const depId = dep('A01A03A01');
    const add = await call(t.app, 'POST', `${U}/editSysDepartWithUser`, {
      token: admin,
      body: { depId, userIdList: [userId] },
    });
    expect(add.body).toMatchObject({ success: true, message: '新增成功！' });
    await call(t.app, 'POST', `${U}/editSysDepartWithUser`, {
      token: admin,
      body: { depId: dep('A02A01'), userIdList: [userId] },
    });
    const mine = await call<CurrentUserDeparts>(t.app, 'GET', API.departs, { token });
    expect(mine.body.result.orgCode).toBe('A01A03A01');
    expect(mine.body.result.list.map((d) => d.orgCode)).toEqual(['A01A03A01', 'A02A01']);

    const members = await call<Page<UserRow>>(t.app, 'GET', `${U}/departUserList`, {
      token: admin,
      query: { depId, username: 'member_c' },
    });
    expect(members.body.result.records.map((r) => [r.username, r.orgCodeTxt])).toEqual([
      ['member_c', '品牌推广部,销售部'],
    ]);

    // A department role held there ends with the membership.
    const drole = newId();
    await t.db
      .insertInto('sys_depart_role')
      .values({ id: drole, departId: depId, roleName: '推广主管', roleCode: 'promo_lead' })
      .execute();
    await t.db
      .insertInto('sys_depart_role_user')
      .values({ id: newId(), userId, droleId: drole })
      .execute();

    const remove = await call(t.app, 'DELETE', `${U}/deleteUserInDepart`, {
      token: admin,
      query: { depId, userId },
    });
    expect(remove.body).toMatchObject({ success: true, message: '删除成功!' });
    const after = await call<CurrentUserDeparts>(t.app, 'GET', API.departs, { token });
    expect(after.body.result).toMatchObject({ orgCode: 'A02A01' });
    expect(after.body.result.list.map((d) => d.orgCode)).toEqual(['A02A01']);
    const held = await t.db
      .selectFrom('sys_depart_role_user')
      .select('id')
      .where('userId', '=', userId)
      .execute();
    expect(held).toEqual([]);
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteUserInDepart`,
      { token: admin, query: { depId, userId } },
      '未找到对应数据',
    );

    const batch = await call(t.app, 'DELETE', `${U}/deleteUserInDepartBatch`, {
      token: admin,
      query: { depId: dep('A02A01'), userIds: `${userId},` },
    });
    expect(batch.body.success).toBe(true);
    const none = await call<CurrentUserDeparts>(t.app, 'GET', API.departs, { token });
    expect(none.body.result).toEqual({ list: [], orgCode: null });
  });

  it('refuses unknown departments and users', async () => {
    const staffId = (
      await t.db
        .selectFrom('sys_user')
        .select('id')
        .where('username', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id;
    await expectRefused(
      t.app,
      'POST',
      `${U}/editSysDepartWithUser`,
      { token: admin, body: { depId: 'nowhere', userIdList: [staffId] } },
      '部门不存在或已删除',
    );
    await expectRefused(
      t.app,
      'POST',
      `${U}/editSysDepartWithUser`,
      { token: admin, body: { depId: dep('A01'), userIdList: ['ghost'] } },
      '所选的用户不存在或已删除',
    );
    await expectBadRequest(t.app, 'GET', `${U}/departUserList`, { token: admin });
    await expectBadRequest(t.app, 'DELETE', `${U}/deleteUserInDepart`, {
      token: admin,
      query: { depId: dep('A01') },
    });
  });
});

interface Picked {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly workNo: string | null;
  readonly orgCode: string | null;
  readonly orgCodeTxt: string | null;
  readonly post: string | null;
}

// widgets.md §2.11's columns; the phone masked for callers like `staff` (user-picker.test.ts).
const PICKER_KEYS = [
  'birthday',
  'id',
  'orgCode',
  'orgCodeTxt',
  'phone',
  'post',
  'realname',
  'sex',
  'username',
  'workNo',
];

describe('pickers', () => {
  it('queryUserComponentData: any signed-in user; active live users only, picker fields only', async () => {
    const frozen = await t.db
      .selectFrom('sys_user')
      .select(['username'])
      .where('status', '=', 2)
      .executeTakeFirstOrThrow();
    const res = await call<Page<Picked>>(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { pageNo: '1', pageSize: '1000' },
    });
    expect(res.body.success).toBe(true);
    const names = res.body.result.records.map((r) => r.username);
    expect(names).toContain('admin');
    expect(names).not.toContain(frozen.username);
    for (const record of res.body.result.records)
      expect(Object.keys(record).sort()).toEqual(PICKER_KEYS);
    expect(res.text).not.toMatch(/scrypt|password|email|phoneInFull/);

    const byName = await call<Page<Picked>>(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { realname: '管理', username: 'dmi' },
    });
    expect(byName.body.result.records.map((r) => r.username)).toEqual(['admin']);
    const byDepart = await call<Page<Picked>>(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { departId: dep('A02') },
    });
    expect(byDepart.body.result.records).toEqual([
      expect.objectContaining({
        username: 'admin',
        orgCodeTxt: '星河科技集团,星河科技（上海）分公司',
      }),
    ]);
    const literal = await call<Page<Picked>>(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { realname: '%' },
    });
    expect(literal.body.result.total).toBe(0);

    await expectBadRequest(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { column: 'password' },
    });
    await expectBadRequest(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { status: '2' },
    });
    const injected = await call<Page<Picked>>(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: staff,
      query: { departId: "' or '1'='1", username: "') or 1=1--" },
    });
    expect(injected.body.result.total).toBe(0);
    expectClean(injected);
    expect((await call(t.app, 'GET', `${U}/queryUserComponentData`)).status).toBe(401);
  });

  it('queryUserByDepId: the active members of a department, by name', async () => {
    const members = await t.db
      .selectFrom('sys_user')
      .select(['username', 'realname', 'status'])
      .where('orgCode', '=', 'A01A02A01')
      .where('delFlag', '=', 0)
      .execute();
    const active = members.filter((m) => m.status === 1);
    expect(active.length).toBeGreaterThan(0);
    const res = await call<Picked[]>(t.app, 'GET', `${U}/queryUserByDepId`, {
      token: staff,
      query: { id: dep('A01A02A01') },
    });
    expect(res.body.result.map((r) => r.username).sort()).toEqual(
      active.map((m) => m.username).sort(),
    );
    for (const record of res.body.result) expect(Object.keys(record).sort()).toEqual(PICKER_KEYS);

    const first = active[0]!;
    const byName = await call<Picked[]>(t.app, 'GET', `${U}/queryUserByDepId`, {
      token: staff,
      query: { id: dep('A01A02A01'), realname: first.realname.slice(1) },
    });
    expect(byName.body.result.map((r) => r.username)).toContain(first.username);
    expect(byName.body.result.every((r) => r.realname.includes(first.realname.slice(1)))).toBe(
      true,
    );

    await expectBadRequest(t.app, 'GET', `${U}/queryUserByDepId`, { token: staff });
    const injected = await call<Picked[]>(t.app, 'GET', `${U}/queryUserByDepId`, {
      token: staff,
      query: { id: "x' or '1'='1" },
    });
    expect(injected.body.result).toEqual([]);
    expectClean(injected);
  });

  it('queryByIds: the names behind held ids, only of users the caller could pick', async () => {
    const users = await t.db
      .selectFrom('sys_user')
      .select(['id', 'username', 'realname', 'status'])
      .where('delFlag', '=', 0)
      .execute();
    const active = users.filter((u) => u.status === 1).slice(0, 3);
    const frozen = users.find((u) => u.status === 2)!;
    const asked = [...active.map((u) => u.id), frozen.id, 'no-such-user'];
    const res = await call<{ id: string; username: string; realname: string }[]>(
      t.app,
      'GET',
      `${U}/queryByIds`,
      // As a field holds them: comma-terminated, one id twice.
      { token: staff, query: { userIds: `${asked.join(',')},${asked[0]},` } },
    );
    expect(res.body.success).toBe(true);
    expect([...res.body.result].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      active
        .map(({ id, username, realname }) => ({ id, username, realname }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(res.text).not.toMatch(/scrypt|password|phone|email|orgCode/);

    await expectBadRequest(t.app, 'GET', `${U}/queryByIds`, { token: staff });
    await expectRefused(
      t.app,
      'GET',
      `${U}/queryByIds`,
      { token: staff, query: { userIds: "x' or '1'='1" } },
      '参数 ids 不正确',
    );
    expect(
      (await call(t.app, 'GET', `${U}/queryByIds`, { query: { userIds: asked[0]! } })).status,
    ).toBe(401);
  });
});
