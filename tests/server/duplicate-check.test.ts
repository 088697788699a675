import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_API, countRows } from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: string;
/** May list 客户管理 (after 加入菜单): page tables are checked only for such callers. */
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  // Any signed-in user may check system fields; staff holds no codes of the screens involved.
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const menu = await call(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: 'demo_customer' },
  });
  expect(menu.body.success, menu.text).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

const check = (query: Record<string, string>, token = staff) =>
  call(t.app, 'GET', PAGE_API.duplicateCheck, { token, query });

describe('/sys/duplicate/check', () => {
  it('answers success with code 500 for an empty value (nothing checked)', async () => {
    const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' });
    expect(res.body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
  });

  it('checks allowed system fields, in snake_case or camelCase, excluding dataId', async () => {
    expect(
      (await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).body,
    ).toMatchObject({ success: false, code: 500, message: '该值不可用，系统中已存在！' });
    expect(
      (await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody-here' })).body,
    ).toMatchObject({ success: true, code: 200, message: '该值可用！' });
    expect(
      (await check({ tableName: 'sysUser', fieldName: 'workNo', fieldVal: 'XH0001' })).body.success,
    ).toBe(false);
    const admin = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const own = await check({
      tableName: 'sys_user',
      fieldName: 'work_no',
      fieldVal: 'XH0001',
      dataId: admin.id,
    });
    expect(own.body).toMatchObject({ success: true, message: '该值可用！' });
    expect(
      (await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'admin' })).body
        .success,
    ).toBe(false);
    expect(
      (await check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'customer_level' }))
        .body.success,
    ).toBe(false);
    expect(
      (await check({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'jingli' })).body
        .success,
    ).toBe(false);
    expect(
      (await check({ tableName: 'sys_category', fieldName: 'code', fieldVal: 'A01A01' })).body
        .success,
    ).toBe(false);
    expect(
      (await check({ tableName: 'sys_category', fieldName: 'code', fieldVal: 'Z99' })).body.success,
    ).toBe(true);
    // 校验规则's code: the seed's 'common' is taken; an unused code is free.
    expect(
      (await check({ tableName: 'sys_check_rule', fieldName: 'ruleCode', fieldVal: 'common' })).body
        .success,
    ).toBe(false);
    expect(
      (await check({ tableName: 'sys_check_rule', fieldName: 'ruleCode', fieldVal: 'fresh_rule' }))
        .body.success,
    ).toBe(true);
  });

  it('checks the declared columns of online tables for those who may list the page', async () => {
    const { rows } = await sql<{ phone: string }>`
      select phone from demo_customer where phone is not null limit 1`.execute(t.db);
    const phone = { tableName: 'demo_customer', fieldName: 'phone', fieldVal: rows[0]!.phone };
    const taken = await check(phone, admin);
    expect(taken.body.message).toBe('该值不可用，系统中已存在！');
    const free = await check({ ...phone, fieldVal: '13900000000' }, admin);
    expect(free.body.success).toBe(true);
    const amount = await check(
      { tableName: 'demo_customer', fieldName: 'amount', fieldVal: 'abc' },
      admin,
    );
    expect(amount.body).toMatchObject({ success: true, message: '该值可用！' });
    // Anyone else is answered like the page's list would answer them.
    expect((await check(phone)).body).toMatchObject({ success: false, code: 510 });
  });

  it.each([
    ['demo_customer', 'id'],
    ['demo_customer', 'create_by'],
  ])(
    'refuses %j.%j with a plain message, also to a caller who may list the page',
    async (tableName, fieldName) => {
      const res = await check({ tableName, fieldName, fieldVal: 'x' }, admin);
      expect(res.body).toMatchObject({ success: false, code: 500, message: '不允许检查该字段' });
    },
  );

  it.each([
    ['sys_user', 'password'],
    ['sys_user', 'salt'],
    ['sys_user', 'realname'],
    ['sys_user', 'id'],
    ['sys_session', 'token_hash'],
    ['sys_position', 'name'],
    ['sys_category', 'pid'],
    ['sys_page', 'code'],
    ['pg_user', 'usename'],
    ['constructor', 'name'],
    ['__proto__', 'x'],
    ['sys_user; drop table sys_role', 'username'],
    ['sys_user', "username = 'admin' or '1'='1"],
    ['"sys_user"', 'username'],
    ['sys_user', 'username)--'],
  ])('refuses %j.%j with a plain message', async (tableName, fieldName) => {
    const res = await check({ tableName, fieldName, fieldVal: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '不允许检查该字段' });
    expect(res.text).not.toMatch(/\bat \w|stack|select|syntax/i);
  });

  it('treats a hostile value as plain text', async () => {
    for (const fieldVal of ["' or '1'='1", "admin'; drop table sys_role; --", '%', '\\']) {
      const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal });
      expect(res.body).toMatchObject({ success: true, message: '该值可用！' });
    }
    const dataId = await check({
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: 'admin',
      dataId: "' or '1'='1",
    });
    expect(dataId.body.success).toBe(false);
    expect(await countRows(t.db, 'sys_role')).toBeGreaterThan(0);
  });

  it('needs a signed-in user and the two names', async () => {
    const anonymous = await call(t.app, 'GET', PAGE_API.duplicateCheck, {
      query: { tableName: 'sys_user', fieldName: 'username', fieldVal: 'a' },
    });
    expect(anonymous.status).toBe(401);
    const missing = await check({ fieldVal: 'a' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^参数校验失败/);
  });
});
