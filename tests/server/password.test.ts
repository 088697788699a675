import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdatePasswordRequest } from '../../src/contracts/session-schema';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const OLD_WRONG = '旧密码输入错误!';
const DIFFER = '两次输入密码不一致!';
const USER = 'pw.changer';
const FIRST = 'First-pass-123';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: USER, password: FIRST, roleCodes: ['staff'] });
  token = await login(t.app, USER, FIRST);
});
afterAll(async () => {
  await t?.close();
});

function change(body: Partial<UpdatePasswordRequest>, as: string = token) {
  return call<null>(t.app, 'POST', API.updatePassword, { token: as, body });
}

async function storedHash(username: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_user')
    .select('password')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.password;
}

describe('updatePassword', () => {
  it('refuses a request with a missing field (400 envelope naming it)', async () => {
    const res = await change({ username: USER, oldpassword: FIRST, password: 'New-pass-456' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 400, result: null });
    expect(res.body.message).toContain('confirmpassword');
  });

  it('refuses two different new passwords', async () => {
    const res = await change({
      username: USER,
      oldpassword: FIRST,
      password: 'New-pass-456',
      confirmpassword: 'New-pass-457',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: DIFFER, result: null });
  });

  it('refuses a wrong old password', async () => {
    const res = await change({
      username: USER,
      oldpassword: 'not-the-old-one',
      password: 'New-pass-456',
      confirmpassword: 'New-pass-456',
    });
    expect(res.body).toMatchObject({ success: false, message: OLD_WRONG, result: null });
  });

  it('refuses a new password that is too short', async () => {
    const res = await change({
      username: USER,
      oldpassword: FIRST,
      password: '12',
      confirmpassword: '12',
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it('refuses a new password equal to the old one', async () => {
    const res = await change({
      username: USER,
      oldpassword: FIRST,
      password: FIRST,
      confirmpassword: FIRST,
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it("refuses to change someone else's password, even knowing it", async () => {
    const before = await storedHash('admin');
    const res = await change({
      username: 'admin',
      oldpassword: DEMO_PASSWORD,
      password: 'Taken-over-1',
      confirmpassword: 'Taken-over-1',
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await storedHash('admin')).toBe(before);
    expect(await login(t.app, 'admin', DEMO_PASSWORD)).toBeTruthy();
  });

  it('has changed nothing so far', async () => {
    expect(await login(t.app, USER, FIRST)).toBeTruthy();
  });

  it("changes the password, ends the user's other sessions but not the current one", async () => {
    const other = await login(t.app, USER, FIRST);
    const third = await login(t.app, USER, FIRST);
    // Both are live before the change (and now cached by the app).
    for (const live of [other, third]) {
      expect((await call(t.app, 'GET', API.userInfo, { token: live })).status).toBe(200);
    }
    // Someone else's session is not touched.
    const adminToken = await login(t.app, 'admin', DEMO_PASSWORD);

    const res = await change({
      username: USER,
      oldpassword: FIRST,
      password: 'Second-pass-456',
      confirmpassword: 'Second-pass-456',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });

    for (const ended of [other, third]) {
      const refused = await call(t.app, 'GET', API.userInfo, { token: ended });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe(401);
    }
    const current = await call(t.app, 'GET', API.userInfo, { token });
    expect(current.status).toBe(200);
    expect(current.body.success).toBe(true);
    expect((await call(t.app, 'GET', API.userInfo, { token: adminToken })).status).toBe(200);

    expect((await storedHash(USER)).startsWith('scrypt$')).toBe(true);
    expect(await login(t.app, USER, 'Second-pass-456')).toBeTruthy();
    const old = await call(t.app, 'POST', API.login, {
      body: { username: USER, password: FIRST },
    });
    expect(old.body).toMatchObject({ success: false, message: '用户名或密码错误' });
  });
});
