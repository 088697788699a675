import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '../../src/contracts/session';
import { loginNameKey } from '../../server/auth/login-lockout';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const BAD_CREDENTIALS = '用户名或密码错误';
const FROZEN = '该用户已冻结';
const LOCK_MINUTES = 15; // LOGIN_LOCK_MINUTES default
const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES default

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Active demo people other than admin and staff, in a stable order. */
async function activeDemoUsernames(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('sys_user')
    .select('username')
    .where('status', '=', 1)
    .where('username', 'not in', ['admin', 'staff'])
    .orderBy('username')
    .execute();
  return rows.map((r) => r.username);
}

async function attempt(username: string, password: string, remoteAddress: string) {
  return call<LoginResult | null>(t.app, 'POST', API.login, {
    body: { username, password },
    remoteAddress,
  });
}

/** The name's lockout row (server/auth/login-lockout.ts); none means a clean slate. */
async function lockState(username: string) {
  const row = await t.db
    .selectFrom('sys_login_failure')
    .select(['failCount', 'lockedUntil'])
    .where('nameHash', '=', loginNameKey(username))
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  return { failCount: row?.failCount ?? 0, lockedUntil: row?.lockedUntil ?? null };
}

describe('login', () => {
  it('answers a token and the session timeout for the right password', async () => {
    const res = await call<LoginResult>(t.app, 'POST', API.login, {
      body: { username: 'admin', password: DEMO_PASSWORD, scenario: 'defaultAdminLogin' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(typeof res.body.message).toBe('string');
    expect(typeof res.body.timestamp).toBe('number');
    expect(Object.keys(res.body.result).sort()).toEqual(
      ['privateKey', 'publicKey', 'sessionTimeout', 'tokenValue'].sort(),
    );
    const { tokenValue, sessionTimeout, publicKey, privateKey } = res.body.result;
    expect(typeof sessionTimeout).toBe('number');
    expect(sessionTimeout).toBe(7 * 24 * 3600);
    expect(publicKey).toBe('');
    expect(privateKey).toBe('');

    // Opaque: long, random, not a JWT and not carrying the username.
    expect(typeof tokenValue).toBe('string');
    expect(tokenValue.length).toBeGreaterThanOrEqual(32);
    expect(tokenValue.split('.')).toHaveLength(1);
    expect(tokenValue.toLowerCase()).not.toContain('admin');
    const again = await login(t.app, 'admin', DEMO_PASSWORD);
    expect(again).not.toBe(tokenValue);

    const info = await call<UserInfo>(t.app, 'GET', API.userInfo, { token: tokenValue });
    expect(info.status).toBe(200);
    expect(info.body.success).toBe(true);
    expect(info.body.result).toMatchObject({ username: 'admin', realname: '管理员', status: 1 });
    expect(info.body.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('works without a scenario', async () => {
    const res = await call<LoginResult>(t.app, 'POST', API.login, {
      body: { username: 'staff', password: DEMO_PASSWORD },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.tokenValue.length).toBeGreaterThanOrEqual(32);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await attempt('staff', 'not-the-password', '10.1.0.1');
    const unknown = await attempt('nobody-here', 'whatever', '10.1.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        message: BAD_CREDENTIALS,
        code: 500,
        result: null,
      });
    }
    const { timestamp: _a, ...wrongRest } = wrong.body;
    const { timestamp: _b, ...unknownRest } = unknown.body;
    expect(wrongRest).toEqual(unknownRest);
  });

  it('refuses a frozen user, and tells it only to someone who knows the password', async () => {
    const frozen = await t.db
      .selectFrom('sys_user')
      .select('username')
      .where('status', '=', 2)
      .orderBy('username')
      .executeTakeFirstOrThrow();
    const right = await attempt(frozen.username, DEMO_PASSWORD, '10.1.0.2');
    expect(right.body).toMatchObject({ success: false, message: FROZEN, result: null });
    const wrong = await attempt(frozen.username, 'not-the-password', '10.1.0.2');
    expect(wrong.body).toMatchObject({ success: false, message: BAD_CREDENTIALS, result: null });
  });

  it(`locks the account after ${MAX_FAILURES} wrong passwords and unlocks when the time is up`, async () => {
    const [username] = await activeDemoUsernames();
    expect(username).toBeDefined();
    const user = username!;
    const ip = '10.1.0.3';

    for (let i = 1; i < MAX_FAILURES; i++) {
      const res = await attempt(user, `wrong-${i}`, ip);
      expect(res.body).toMatchObject({ success: false, message: BAD_CREDENTIALS });
    }
    const locking = await attempt(user, `wrong-${MAX_FAILURES}`, ip);
    expect(locking.body.success).toBe(false);
    expect(locking.body.result).toBeNull();
    expect(locking.body.message).toContain('锁定');
    expect(locking.body.message).toContain(`${LOCK_MINUTES}分钟`);

    // The right password does not open a locked account.
    const whileLocked = await attempt(user, DEMO_PASSWORD, ip);
    expect(whileLocked.body.success).toBe(false);
    expect(whileLocked.body.result).toBeNull();
    expect(whileLocked.body.message).toContain('锁定');
    expect(whileLocked.body.message).toMatch(/\d+分钟/);

    // Time is up.
    await t.db
      .updateTable('sys_login_failure')
      .set({ lockedUntil: new Date(Date.now() - 60_000), expiresAt: new Date(Date.now() - 60_000) })
      .where('nameHash', '=', loginNameKey(user))
      .execute();
    const after = await attempt(user, DEMO_PASSWORD, ip);
    expect(after.body.success).toBe(true);
    expect(await lockState(user)).toEqual({ failCount: 0, lockedUntil: null });

    // The count starts again from zero: MAX_FAILURES - 1 mistakes do not lock.
    for (let i = 1; i < MAX_FAILURES; i++) {
      const res = await attempt(user, `again-${i}`, ip);
      expect(res.body.message).toBe(BAD_CREDENTIALS);
    }
    expect((await attempt(user, DEMO_PASSWORD, ip)).body.success).toBe(true);
  });

  it('resets the failure count on a successful login', async () => {
    const [, username] = await activeDemoUsernames();
    const user = username!;
    const ip = '10.1.0.4';
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect((await attempt(user, `wrong-${i}`, ip)).body.message).toBe(BAD_CREDENTIALS);
    }
    expect((await lockState(user)).failCount).toBe(MAX_FAILURES - 1);
    expect((await attempt(user, DEMO_PASSWORD, ip)).body.success).toBe(true);
    expect((await lockState(user)).failCount).toBe(0);
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect((await attempt(user, `more-${i}`, ip)).body.message).toBe(BAD_CREDENTIALS);
    }
    expect((await lockState(user)).lockedUntil).toBeNull();
  });

  it('never answers, stores or logs a password in clear', async () => {
    const password = 'Pw-distinct-9f3kQ';
    const wrongPassword = 'Wrong-distinct-7x2mZ';
    await createUser(t.db, { username: 'clear.check', password, roleCodes: ['admin'] });
    const bodies: string[] = [];
    const res = await call<LoginResult>(t.app, 'POST', API.login, {
      body: { username: 'clear.check', password },
    });
    expect(res.body.success).toBe(true);
    bodies.push(res.text);
    const token = res.body.result.tokenValue;
    for (const url of [API.userInfo, API.permissions, API.departs]) {
      bodies.push((await call(t.app, 'GET', url, { token })).text);
    }
    bodies.push(
      (
        await call(t.app, 'POST', API.login, {
          body: { username: 'clear.check', password: wrongPassword },
        })
      ).text,
    );
    for (const text of bodies) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(wrongPassword);
      expect(text).not.toContain('scrypt$');
      expect(text).not.toMatch(/"password"/i);
    }

    const rows = await t.db.selectFrom('sys_user').select(['username', 'password']).execute();
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(row.password.startsWith('scrypt$')).toBe(true);
      expect(row.password).not.toContain(DEMO_PASSWORD);
    }
    const logText = JSON.stringify(await t.db.selectFrom('sys_log').selectAll().execute());
    expect(logText).toContain('clear.check');
    expect(logText).not.toContain(password);
    expect(logText).not.toContain(wrongPassword);
  });
});
