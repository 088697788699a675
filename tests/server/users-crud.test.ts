import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../support/test-app';
import { newId } from '../../server/ids';
import { userUniques } from '../../server/modules/user/uniques';
import { departIds, expectBadRequest, expectRefused, U, type UserRow } from './users-support';

/** 用户管理: add and edit, with every field rule, reference and unique. */

let t: TestApp;
let admin: string;
let departs: Map<string, string>;
let adminId: string;
let adminRoleId: string;

const dep = (code: string) => departs.get(code)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
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

const add = (body: Record<string, unknown>, token = admin) =>
  call<string>(t.app, 'POST', `${U}/add`, { token, body });

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

describe('add', () => {
  it('saves the user, a hash of the password and the links; orgCode defaults to the first department', async () => {
    const body = newUser({
      sex: '2',
      birthday: '1990-02-28',
      email: 'crud.add@example.com',
      phone: '13900001111',
      telephone: '010-12345678',
      workNo: 'CRUD-001',
      post: 'zhuguan,jingli',
      status: 1,
      selectedroles: adminRoleId,
      selecteddeparts: `${dep('A01A02A01')},${dep('A02A01')}`,
    });
    const res = await add(body);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '新增成功！' });
    const id = res.body.result;
    const row = await t.db
      .selectFrom('sys_user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: body.username,
      sex: 2,
      birthday: '1990-02-28',
      orgCode: 'A01A02A01',
      post: 'zhuguan,jingli',
      status: 1,
      userIdentity: 1,
      departIds: null,
      delFlag: 0,
      createBy: 'admin',
    });
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.password).not.toContain('Secret-123');

    const user = (await queryById(id)).body.result;
    expect(user.selectedroles).toBe(adminRoleId);
    expect(user.selecteddeparts!.split(',').sort()).toEqual(
      [dep('A01A02A01'), dep('A02A01')].sort(),
    );
    expect(user.orgCodeTxt).toBe('后端开发部,销售部');
  });

  it('a user saved without a sex shows none (not 0, which no dictionary item names)', async () => {
    const saved = await add(newUser());
    expect(saved.body.success).toBe(true);
    const list = await call<{ records: UserRow[] }>(t.app, 'GET', `${U}/list`, {
      token: admin,
      query: { username: `crud_user${serial}` },
    });
    expect(list.body.result.records.map((r) => r.sex)).toEqual([null]);
  });

  it('takes orgCode only among the selected departments; departIds only for userIdentity 2', async () => {
    const chosen = await add(
      newUser({ selecteddeparts: `${dep('A01A03')},${dep('A01A04')}`, orgCode: 'A01A04' }),
    );
    expect(chosen.body.success).toBe(true);
    expect((await queryById(chosen.body.result)).body.result.orgCode).toBe('A01A04');

    await expectRefused(
      t.app,
      'POST',
      `${U}/add`,
      { token: admin, body: newUser({ selecteddeparts: dep('A01A03'), orgCode: 'A02' }) },
      '所属部门必须是用户所在的部门之一',
    );
    await expectRefused(
      t.app,
      'POST',
      `${U}/add`,
      { token: admin, body: newUser({ orgCode: 'A01' }) },
      '所属部门必须是用户所在的部门之一',
    );

    const leader = await add(
      newUser({ userIdentity: 2, departIds: `${dep('A01A02')},${dep('A01A03')}` }),
    );
    expect((await queryById(leader.body.result)).body.result).toMatchObject({
      userIdentity: 2,
      departIds: `${dep('A01A02')},${dep('A01A03')}`,
    });
    const plain = await add(newUser({ userIdentity: '1', departIds: dep('A01A02') }));
    expect((await queryById(plain.body.result)).body.result.departIds).toBeNull();
    await expectRefused(
      t.app,
      'POST',
      `${U}/add`,
      { token: admin, body: newUser({ userIdentity: 2, departIds: 'no-such-depart' }) },
      '负责的部门不存在或已删除',
    );
  });

  it('refuses unknown roles, departments and positions', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ selectedroles: `${adminRoleId},no-such-role` }, '所选的角色不存在'],
      [{ selecteddeparts: 'no-such-depart' }, '所选的部门不存在或已删除'],
      [{ post: 'zhuguan,nope' }, '职务不存在：nope'],
    ];
    for (const [extra, message] of cases) {
      await expectRefused(
        t.app,
        'POST',
        `${U}/add`,
        { token: admin, body: newUser(extra) },
        message,
      );
    }
  });

  it('checks each field', async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ birthday: '2023-02-30' }, '生日应为有效的日期（yyyy-MM-dd）'],
      [{ birthday: '1990/01/01' }, '生日应为有效的日期（yyyy-MM-dd）'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
      [{ phone: '12345678901' }, '手机号码格式不正确'],
      [{ phone: '1390000111' }, '手机号码格式不正确'],
      [{ telephone: 'call me' }, '座机号码格式不正确'],
      [{ password: '12345', confirmpassword: '12345' }, '密码长度须为6到64位'],
      [{ password: 'x'.repeat(65), confirmpassword: 'x'.repeat(65) }, '密码长度须为6到64位'],
      [{ confirmpassword: 'other-password' }, '两次输入密码不一致!'],
      [{ realname: '   ' }, '用户姓名不能为空'],
      [{ avatar: 'javascript:alert(1)' }, '头像地址不正确'],
    ];
    for (const [extra, message] of refused) {
      await expectRefused(
        t.app,
        'POST',
        `${U}/add`,
        { token: admin, body: newUser(extra) },
        message,
      );
    }
    const schema: Record<string, unknown>[] = [
      { sex: 3 },
      { sex: 'male' },
      { status: 3 },
      { status: '0' },
      { userIdentity: 5 },
      { username: 'a' },
      { username: 'bad name' },
      { username: "x';drop table sys_user;--" },
      { email: `${'x'.repeat(40)}@example.com` },
    ];
    for (const extra of schema) {
      await expectBadRequest(t.app, 'POST', `${U}/add`, { token: admin, body: newUser(extra) });
    }
    const { realname: _realname, ...noName } = newUser();
    await expectBadRequest(t.app, 'POST', `${U}/add`, { token: admin, body: noName });
    const { password: _password, ...noPassword } = newUser();
    await expectBadRequest(t.app, 'POST', `${U}/add`, { token: admin, body: noPassword });
  });

  it('refuses a username, work number, mobile or email another user has', async () => {
    const demo = await t.db
      .selectFrom('sys_user')
      .select(['phone'])
      .where('phone', 'is not', null)
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'staff' }, '用户账号已存在'],
      [{ workNo: 'XH0001' }, '工号已存在'],
      [{ phone: demo.phone }, '手机号已存在'],
      [{ email: 'staff@xinghe.example.com' }, '邮箱已存在'],
    ];
    for (const [extra, message] of cases) {
      await expectRefused(
        t.app,
        'POST',
        `${U}/add`,
        { token: admin, body: newUser(extra) },
        message,
      );
    }
  });

  it('two saves racing with the same username or work number: one wins, the other gets the message', async () => {
    const a = newUser({ username: 'crud_race' });
    const b = newUser({ username: 'crud_race' });
    const results = await Promise.all([add(a), add(b)]);
    expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.body.success)!.body.message).toBe('用户账号已存在');

    const c = newUser({ workNo: 'RACE-1' });
    const d = newUser({ workNo: 'RACE-1' });
    const raced = await Promise.all([add(c), add(d)]);
    expect(raced.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(raced.find((r) => !r.body.success)!.body.message).toBe('工号已存在');
  });

  it('maps each uniq_sys_user_* violation to its message (the race the check cannot see)', async () => {
    const base = { realname: 'dup', password: 'x', createBy: 'test' };
    const duplicates: [Record<string, string>, string][] = [
      [{ username: 'admin' }, '用户账号已存在'],
      [{ username: 'dup_work', workNo: 'XH0001' }, '工号已存在'],
      [{ username: 'dup_mail', email: 'staff@xinghe.example.com' }, '邮箱已存在'],
    ];
    for (const [values, message] of duplicates) {
      const insert = t.db
        .insertInto('sys_user')
        .values({ id: newId(), username: 'x', ...base, ...values })
        .execute();
      await expect(userUniques(insert)).rejects.toThrow(message);
    }
  });
});

describe('edit', () => {
  it('changes the fields sent, replaces roles and departments, keeps the rest', async () => {
    const id = (
      await add(
        newUser({
          workNo: 'EDIT-1',
          email: 'edit1@example.com',
          selectedroles: adminRoleId,
          selecteddeparts: `${dep('A01A02')},${dep('A01A03')}`,
        }),
      )
    ).body.result;
    const res = await call(t.app, 'PUT', `${U}/edit`, {
      token: admin,
      body: {
        id,
        realname: '改过的名字',
        sex: 1,
        selectedroles: '',
        selecteddeparts: dep('A01A04'),
      },
    });
    expect(res.body).toMatchObject({ success: true, message: '编辑成功!' });
    const user = (await queryById(id)).body.result;
    expect(user).toMatchObject({
      realname: '改过的名字',
      sex: 1,
      workNo: 'EDIT-1',
      email: 'edit1@example.com',
      orgCode: 'A01A04',
      orgCodeTxt: '财务部',
      selectedroles: '',
      selecteddeparts: dep('A01A04'),
    });

    // Sending the same username is fine; another one is refused.
    const same = await call(t.app, 'PUT', `${U}/edit`, {
      token: admin,
      body: { id, username: user.username, email: null, password: 'ignored-password' },
    });
    expect(same.body.success).toBe(true);
    expect((await queryById(id)).body.result.email).toBeNull();
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { token: admin, body: { id, username: 'renamed' } },
      '用户账号不能修改',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { token: admin, body: { id, workNo: 'XH0001' } },
      '工号已存在',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { token: admin, body: { id, orgCode: 'A02' } },
      '所属部门必须是用户所在的部门之一',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { token: admin, body: { id, post: 'nope' } },
      '职务不存在：nope',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { token: admin, body: { id: 'no-such-user', realname: 'x' } },
      '未找到对应数据',
    );
    await expectRefused(
      t.app,
      'PUT',
      `${U}/edit`,
      { token: admin, body: { id: adminId, status: 2 } },
      '不能冻结当前登录的用户',
    );
    await expectBadRequest(t.app, 'PUT', `${U}/edit`, { token: admin, body: { realname: 'x' } });
    const row = await t.db
      .selectFrom('sys_user')
      .select(['password', 'workNo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.workNo).toBe('EDIT-1');
    // The password is not changed by edit.
    expect(row.password).toMatch(/^scrypt\$/);
  });
});
