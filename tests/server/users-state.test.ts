import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserDeparts } from '../../src/contracts/session';
import { API, call, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../support/test-app';
import {
  authCodes,
  departIds,
  expectBadRequest,
  expectClean,
  expectRefused,
  roleWithCodes,
  tryLogin,
  U,
  type Page,
  type UserRow,
} from './users-support';

/**
 * A user's life through the API: created with a role and two departments, signed in, frozen
 * and thawed, password reset, deleted, restored and removed for good.
 */

let t: TestApp;
let admin: string;
let adminId: string;
let departs: Map<string, string>;
let roleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  adminId = (
    await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  departs = await departIds(t.db);
  roleId = await roleWithCodes(t.db, 'life_clerk', ['user:list', 'user:add']);
});
afterAll(async () => {
  await t?.close();
});

const FIRST_PASSWORD = 'Life-pass-1';
const NEW_PASSWORD = 'Life-pass-2';

/** Whether the token still opens a signed-in route. */
async function tokenStatus(token: string): Promise<number> {
  return (await call(t.app, 'GET', API.permissions, { token })).status;
}

async function row(id: string) {
  return t.db
    .selectFrom('sys_user')
    .select(['status', 'delFlag', 'passwordChangedAt', 'password'])
    .where('id', '=', id)
    .executeTakeFirst();
}

describe('the life of a user', () => {
  let id: string;
  let token: string;

  it('is created with a role and two departments and signs in with their codes', async () => {
    const res = await call<string>(t.app, 'POST', `${U}/add`, {
      token: admin,
      body: {
        username: 'life_user',
        realname: '生命周期',
        password: FIRST_PASSWORD,
        confirmpassword: FIRST_PASSWORD,
        selectedroles: roleId,
        selecteddeparts: `${departs.get('A01A02')},${departs.get('A02A01')}`,
      },
    });
    expect(res.body.success, res.body.message).toBe(true);
    id = res.body.result;

    token = await login(t.app, 'life_user', FIRST_PASSWORD, { remoteAddress: '10.1.0.1' });
    expect(await authCodes(t.app, token)).toContain('user:add');
    const mine = await call<CurrentUserDeparts>(t.app, 'GET', API.departs, { token });
    expect(mine.body.result.orgCode).toBe('A01A02');
    expect(mine.body.result.list.map((d) => d.orgCode)).toEqual(['A01A02', 'A02A01']);
    // The new role's code lets them read the list.
    const list = await call(t.app, 'GET', `${U}/list`, { token });
    expect(list.body.success).toBe(true);
  });

  it('frozen: the live token is refused at once and login says 该用户已冻结; thawed: login works', async () => {
    const freeze = await call(t.app, 'PUT', `${U}/frozenBatch`, {
      token: admin,
      body: { ids: id, status: '2' },
    });
    expect(freeze.body).toMatchObject({ success: true, message: '冻结成功！' });
    expect(await tokenStatus(token)).toBe(401);
    expect(await tryLogin(t.app, 'life_user', FIRST_PASSWORD, '10.1.0.2')).toMatchObject({
      success: false,
      message: '该用户已冻结',
    });
    expect((await row(id))!.status).toBe(2);

    const thaw = await call(t.app, 'PUT', `${U}/frozenBatch`, {
      token: admin,
      body: { ids: `${id},`, status: 1 },
    });
    expect(thaw.body).toMatchObject({ success: true, message: '解冻成功！' });
    token = await login(t.app, 'life_user', FIRST_PASSWORD, { remoteAddress: '10.1.0.3' });
    expect(await tokenStatus(token)).toBe(200);

    // Freezing through edit ends the sessions the same way.
    const edit = (status: number) =>
      call(t.app, 'PUT', `${U}/edit`, { token: admin, body: { id, status } });
    expect((await edit(2)).body.success).toBe(true);
    expect(await tokenStatus(token)).toBe(401);
    expect((await edit(1)).body.success).toBe(true);
    token = await login(t.app, 'life_user', FIRST_PASSWORD, { remoteAddress: '10.1.0.9' });
  });

  it('password reset: old token refused, the old password refused, the new one works', async () => {
    const before = (await row(id))!;
    expect(before.passwordChangedAt).toBeNull();
    const reset = await call(t.app, 'PUT', `${U}/changePassword`, {
      token: admin,
      body: { username: 'life_user', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD },
    });
    expect(reset.body).toMatchObject({ success: true, message: '密码重置成功！' });
    expect(await tokenStatus(token)).toBe(401);
    const after = (await row(id))!;
    expect(after.passwordChangedAt).toBeInstanceOf(Date);
    expect(after.password).not.toBe(before.password);
    expect(after.password).not.toContain(NEW_PASSWORD);
    expect(await tryLogin(t.app, 'life_user', FIRST_PASSWORD, '10.1.0.4')).toMatchObject({
      success: false,
      message: '用户名或密码错误',
    });
    token = await login(t.app, 'life_user', NEW_PASSWORD, { remoteAddress: '10.1.0.5' });

    // By id works too.
    const byId = await call(t.app, 'PUT', `${U}/changePassword`, {
      token: admin,
      body: { id, password: NEW_PASSWORD },
    });
    expect(byId.body.success).toBe(true);
    expect(await tokenStatus(token)).toBe(401);
    token = await login(t.app, 'life_user', NEW_PASSWORD, { remoteAddress: '10.1.0.6' });
  });

  it('password reset refusals', async () => {
    const url = `${U}/changePassword`;
    const as = { token: admin };
    await expectRefused(
      t.app,
      'PUT',
      url,
      { ...as, body: { username: 'life_user', password: 'abc12' } },
      '密码长度须为6到64位',
    );
    await expectRefused(
      t.app,
      'PUT',
      url,
      { ...as, body: { username: 'life_user', password: 'abcdef1', confirmpassword: 'abcdef2' } },
      '两次输入密码不一致!',
    );
    await expectRefused(
      t.app,
      'PUT',
      url,
      { ...as, body: { password: 'abcdef1' } },
      '请指定要重置密码的用户（username 或 id）',
    );
    await expectRefused(
      t.app,
      'PUT',
      url,
      { ...as, body: { username: "' or '1'='1", password: 'abcdef1' } },
      '未找到对应数据',
    );
    await expectBadRequest(t.app, 'PUT', url, { ...as, body: { username: 'life_user' } });
    // Nothing changed: the current token still works.
    expect(await tokenStatus(token)).toBe(200);
  });

  it('deleted: sessions end, login fails, the recycle bin lists them', async () => {
    const del = await call(t.app, 'DELETE', `${U}/delete`, { token: admin, query: { id } });
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await tokenStatus(token)).toBe(401);
    expect(await tryLogin(t.app, 'life_user', NEW_PASSWORD, '10.1.0.7')).toMatchObject({
      success: false,
    });
    const live = await call<Page<UserRow>>(t.app, 'GET', `${U}/list`, {
      token: admin,
      query: { username: 'life_user' },
    });
    expect(live.body.result.total).toBe(0);
    const bin = await call<Page<UserRow>>(t.app, 'GET', `${U}/recycleBin`, {
      token: admin,
      query: { username: 'life_*' },
    });
    expect(bin.body.result.records.map((r) => [r.id, r.orgCodeTxt])).toEqual([
      [id, '研发中心,销售部'],
    ]);
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/delete`,
      { token: admin, query: { id } },
      '未找到对应数据',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/frozenBatch`,
      { token: admin, body: { ids: id, status: '2' } },
      '未找到对应数据',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/changePassword`,
      { token: admin, body: { id, password: 'abcdef1' } },
      '未找到对应数据',
    );
  });

  it('restored: login works again', async () => {
    const restore = await call(t.app, 'PUT', `${U}/putRecycleBin`, {
      token: admin,
      body: { userIds: id },
    });
    expect(restore.body).toMatchObject({ success: true, message: '还原成功！' });
    token = await login(t.app, 'life_user', NEW_PASSWORD, { remoteAddress: '10.1.0.8' });
    expect(await authCodes(t.app, token)).toContain('user:add');
    await expectRefused(
      t.app,
      'PUT',
      `${U}/putRecycleBin`,
      { token: admin, body: { ids: id } },
      '未找到对应数据',
    );
  });

  it('removed for good only from the recycle bin', async () => {
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteRecycleBin`,
      { token: admin, query: { userIds: id } },
      '只能彻底删除回收站中的用户',
    );
    expect(await row(id)).toBeDefined();

    await call(t.app, 'DELETE', `${U}/deleteBatch`, { token: admin, query: { ids: `${id},` } });
    const purge = await call(t.app, 'DELETE', `${U}/deleteRecycleBin`, {
      token: admin,
      query: { ids: id },
    });
    expect(purge.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row(id)).toBeUndefined();
    const links = await t.db
      .selectFrom('sys_user_role')
      .select('id')
      .where('userId', '=', id)
      .execute();
    expect(links).toEqual([]);
    const bin = await call<Page<UserRow>>(t.app, 'GET', `${U}/recycleBin`, {
      token: admin,
      query: { username: 'life_user' },
    });
    expect(bin.body.result.total).toBe(0);
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteRecycleBin`,
      { token: admin, query: { userIds: id } },
      '未找到对应数据',
    );
    // The username is free again.
    const check = await call(t.app, 'GET', `${U}/checkOnlyUser`, {
      token: admin,
      query: { username: 'life_user' },
    });
    expect(check.body.success).toBe(true);
  });
});

describe('batches and refusals', () => {
  async function demoIds(count: number): Promise<string[]> {
    const rows = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', 'not in', ['admin', 'staff'])
      .where('delFlag', '=', 0)
      .orderBy('username')
      .limit(count)
      .execute();
    return rows.map((r) => r.id);
  }

  it('refuses deleting or freezing yourself, alone or in a batch; nothing changes', async () => {
    const [other] = await demoIds(1);
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/delete`,
      { token: admin, query: { id: adminId } },
      '不能删除当前登录的用户',
    );
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteBatch`,
      { token: admin, query: { ids: `${other},${adminId}` } },
      '不能删除当前登录的用户',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/frozenBatch`,
      { token: admin, body: { ids: `${other},${adminId}`, status: '2' } },
      '不能冻结当前登录的用户',
    );
    expect(await row(other!)).toMatchObject({ delFlag: 0 });
    expect(await row(adminId)).toMatchObject({ delFlag: 0, status: 1 });
    expect(await tokenStatus(admin)).toBe(200);
  });

  it('deletes, freezes and restores several users at once', async () => {
    const ids = await demoIds(3);
    const freeze = await call(t.app, 'PUT', `${U}/frozenBatch`, {
      token: admin,
      body: { ids: ids.join(','), status: '2' },
    });
    expect(freeze.body.success).toBe(true);
    for (const id of ids) expect((await row(id))!.status).toBe(2);
    await call(t.app, 'PUT', `${U}/frozenBatch`, {
      token: admin,
      body: { ids: ids.join(','), status: '1' },
    });

    const del = await call(t.app, 'DELETE', `${U}/deleteBatch`, {
      token: admin,
      query: { ids: `${ids.join(',')},` },
    });
    expect(del.body).toMatchObject({ success: true, message: '批量删除成功!' });
    for (const id of ids) expect((await row(id))!.delFlag).toBe(1);
    const restore = await call(t.app, 'PUT', `${U}/putRecycleBin`, {
      token: admin,
      body: { ids: ids.join(',') },
    });
    expect(restore.body.success).toBe(true);
    for (const id of ids) expect((await row(id))!.delFlag).toBe(0);
  });

  it('answers bad ids and shapes cleanly', async () => {
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteBatch`,
      { token: admin, query: { ids: ',' } },
      '参数 ids 不正确',
    );
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteBatch`,
      { token: admin, query: { ids: 'no-such-user' } },
      '未找到对应数据',
    );
    // Not an id: refused where ids are parsed, before any SQL.
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteBatch`,
      { token: admin, query: { ids: "x' or '1'='1" } },
      '参数 ids 不正确',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/putRecycleBin`,
      { token: admin, body: {} },
      '参数 ids 不正确',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/putRecycleBin`,
      { token: admin, body: { userIds: 'no-such-user' } },
      '未找到对应数据',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/putRecycleBin`,
      { token: admin, body: { userIds: '1) or (1=1' } },
      '参数 ids 不正确',
    );
    await expectRefused(
      t.app,
      'DELETE',
      `${U}/deleteRecycleBin`,
      { token: admin, query: { userIds: "x';delete from sys_user;--" } },
      '参数 ids 不正确',
    );
    await expectBadRequest(t.app, 'PUT', `${U}/frozenBatch`, {
      token: admin,
      body: { ids: adminId, status: '3' },
    });
    await expectBadRequest(t.app, 'PUT', `${U}/frozenBatch`, {
      token: admin,
      body: { status: '2' },
    });
    await expectBadRequest(t.app, 'DELETE', `${U}/delete`, { token: admin });
    const bin = await call(t.app, 'GET', `${U}/recycleBin`, {
      token: admin,
      query: { column: 'username;drop table sys_user' },
    });
    expect(bin.status).toBe(400);
    expectClean(bin);
    const count = await t.db
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(52);
  });
});
