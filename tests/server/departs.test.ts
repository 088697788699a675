import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserDeparts, UserInfo } from '../../src/contracts/session';
import { newId } from '../../server/ids';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function departs(): Promise<CurrentUserDeparts> {
  const res = await call<CurrentUserDeparts>(t.app, 'GET', API.departs, { token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, code: 200 });
  return res.body.result;
}

describe('getCurrentUserDeparts', () => {
  it("answers the user's departments and the current one", async () => {
    const result = await departs();
    expect(Object.keys(result).sort()).toEqual(['list', 'orgCode']);
    expect(result.orgCode).toBe('A01A05');
    expect(result.list).toEqual([
      { id: expect.any(String), orgCode: 'A01A05', departName: '人力资源部' },
    ]);
  });
});

describe('selectDepart', () => {
  it('refuses a department the user is not in, and keeps the current one', async () => {
    for (const method of ['PUT', 'POST'] as const) {
      const res = await call(t.app, method, API.selectDepart, {
        token,
        body: { orgCode: 'A01A04' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, result: null });
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    const unknown = await call(t.app, 'PUT', API.selectDepart, {
      token,
      body: { orgCode: 'NO-SUCH-ORG' },
    });
    expect(unknown.body.success).toBe(false);
    expect((await departs()).orgCode).toBe('A01A05');
  });

  it('refuses a body without orgCode (400 envelope)', async () => {
    const res = await call(t.app, 'PUT', API.selectDepart, { token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 400 });
    expect(res.body.message).toContain('orgCode');
  });

  it('switches to another department of the user and answers the user info', async () => {
    const user = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', 'staff')
      .executeTakeFirstOrThrow();
    const finance = await t.db
      .selectFrom('sys_depart')
      .select('id')
      .where('orgCode', '=', 'A01A04')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_user_depart')
      .values({ id: newId(), userId: user.id, depId: finance.id })
      .execute();

    const list = await departs();
    expect(list.list.map((d) => d.orgCode)).toEqual(['A01A04', 'A01A05']);

    const res = await call<{ userInfo: UserInfo }>(t.app, 'PUT', API.selectDepart, {
      token,
      body: { orgCode: 'A01A04' },
    });
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result.userInfo).toMatchObject({
      username: 'staff',
      orgCode: 'A01A04',
      orgCodeTxt: '财务部',
    });
    expect(res.text).not.toMatch(/"password"/);
    expect((await departs()).orgCode).toBe('A01A04');
    const info = await call<UserInfo>(t.app, 'GET', API.userInfo, { token });
    expect(info.body.result.orgCode).toBe('A01A04');
  });
});
