import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseConfig } from '../../src/contracts/config';
import { MSG_TOKEN_INVALID } from '../../src/contracts/envelope';
import type { UserInfo } from '../../src/contracts/session';
import { hashToken } from '../../server/auth/sessions';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type RouteInfo,
  type TestApp,
} from '../support/test-app';

let t: TestApp;
let protectedRoutes: RouteInfo[];

beforeAll(async () => {
  t = await createTestApp();
  protectedRoutes = t.routes.filter(
    (r) => r.url.startsWith('/system/') && r.access?.kind !== 'public',
  );
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern (`:dictCode` → `sex`). */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, 'sex');
}

async function expectEveryProtectedRouteRefuses(token: string | undefined) {
  expect(protectedRoutes.length).toBeGreaterThanOrEqual(9);
  for (const route of protectedRoutes) {
    const res = await call(t.app, route.method, concrete(route.url), { token });
    expect({ route: `${route.method} ${route.url}`, status: res.status, body: res.body }).toEqual({
      route: `${route.method} ${route.url}`,
      status: 401,
      body: {
        success: false,
        message: MSG_TOKEN_INVALID,
        code: 401,
        result: null,
        timestamp: expect.any(Number),
      },
    });
  }
}

describe('a protected route answers HTTP 401 with the envelope', () => {
  it('covers every signed-in route of the app', () => {
    const urls = protectedRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /system/module/default/member/admin/logout',
        'GET /system/module/default/member/admin/user-info',
        'GET /system/sys/permission/getUserPermissionByToken',
        'GET /system/sys/user/getCurrentUserDeparts',
        'PUT /system/sys/selectDepart',
        'POST /system/sys/selectDepart',
        'POST /system/sys/user/updatePassword',
        'GET /system/sys/dict/queryAllDictItems',
        'GET /system/sys/dict/getDictItems/:dictCode',
        'GET /system/sys/dict/refleshCache',
      ]),
    );
  });

  it('without a token', async () => {
    await expectEveryProtectedRouteRefuses(undefined);
  });

  it('with an empty or garbage token', async () => {
    await expectEveryProtectedRouteRefuses('');
    await expectEveryProtectedRouteRefuses('garbage');
    // Shaped like a real token, but no session has it.
    await expectEveryProtectedRouteRefuses(randomBytes(32).toString('base64url'));
    await expectEveryProtectedRouteRefuses('x'.repeat(5000));
  });

  it('after logout, and only for the session that logged out', async () => {
    const token = await login(t.app, 'admin', DEMO_PASSWORD);
    const other = await login(t.app, 'admin', DEMO_PASSWORD);
    expect((await call(t.app, 'GET', API.userInfo, { token })).body.success).toBe(true);

    const out = await call(t.app, 'POST', API.logout, { token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, code: 200 });

    await expectEveryProtectedRouteRefuses(token);
    const info = await call<UserInfo>(t.app, 'GET', API.userInfo, { token: other });
    expect(info.status).toBe(200);
    expect(info.body.result.username).toBe('admin');
    const row = await t.db
      .selectFrom('sys_session')
      .select('tokenHash')
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('after the session has expired', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const updated = await t.db
      .updateTable('sys_session')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    await expectEveryProtectedRouteRefuses(token);
  });

  it('stores only a hash of the token, with the expiry the login announced', async () => {
    const before = Date.now();
    const res = await call<{ tokenValue: string; sessionTimeout: number }>(
      t.app,
      'POST',
      API.login,
      { body: { username: 'staff', password: DEMO_PASSWORD } },
    );
    const { tokenValue, sessionTimeout } = res.body.result;
    const rows = await t.db.selectFrom('sys_session').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(tokenValue);
    const row = rows.find((r) => r.tokenHash === hashToken(tokenValue));
    expect(row).toBeDefined();
    const expires = row!.expiresAt.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + sessionTimeout * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + sessionTimeout * 1000 + 1000);
  });
});

describe('public routes need no token', () => {
  it('login, base configuration and security verify answer without one', async () => {
    const config = await call<BaseConfig>(t.app, 'GET', API.config, {
      query: { key: 'baseConfig' },
    });
    expect(config.status).toBe(200);
    expect(config.body.success).toBe(true);
    const verify = await call(t.app, 'GET', API.securityVerify);
    expect(verify.status).toBe(200);
    expect(verify.body.success).toBe(true);
    const loginRes = await call(t.app, 'POST', API.login, {
      body: { username: 'staff', password: DEMO_PASSWORD },
    });
    expect(loginRes.status).toBe(200);
    expect(loginRes.body.success).toBe(true);
  });

  it('a garbage token does not spoil a public call', async () => {
    const verify = await call(t.app, 'GET', API.securityVerify, { token: 'garbage' });
    expect(verify.status).toBe(200);
    expect(verify.body.success).toBe(true);
  });
});
