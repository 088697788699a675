import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contracts/session';
import { PUBLIC } from '../../server/http/access';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const BOOM = '/system/__test__/boom';
const SECRET_SQL = 'select * from secret_table';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get(BOOM, { config: { access: PUBLIC } }, async () => {
        throw new Error(SECRET_SQL);
      });
    },
  });
  token = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

/** The five envelope fields and nothing else. */
function expectEnvelope(body: unknown): void {
  expect(body).toMatchObject({
    success: expect.any(Boolean),
    message: expect.any(String),
    code: expect.any(Number),
    timestamp: expect.any(Number),
  });
  expect(Object.keys(body as object).sort()).toEqual([
    'code',
    'message',
    'result',
    'success',
    'timestamp',
  ]);
}

describe('tenant header', () => {
  it('refuses a tenant_id that is not a number with a 400 envelope', async () => {
    for (const headers of [
      { tenant_id: 'abc' },
      { 'tenant-id': 'abc' },
      { tenant_id: '-1' },
    ] as Record<string, string>[]) {
      const res = await call(t.app, 'GET', API.userInfo, { token, headers });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400, result: null });
      expect(res.body.message.length).toBeGreaterThan(0);
      expect(typeof res.body.timestamp).toBe('number');
    }
    const publicCall = await call(t.app, 'GET', API.securityVerify, {
      headers: { tenant_id: 'abc' },
    });
    expect(publicCall.status).toBe(400);
  });

  it('accepts tenant-id: 0, tenant_id: 0 and no tenant header', async () => {
    for (const headers of [{ 'tenant-id': '0' }, { tenant_id: '0' }, {}] as Record<
      string,
      string
    >[]) {
      const res = await call<UserInfo>(t.app, 'GET', API.userInfo, { token, headers });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.result.username).toBe('admin');
    }
  });

  it("refuses a tenant outside the user's tenants with 401", async () => {
    await createUser(t.db, { username: 'tenant.user', password: 'Tenant-pass-1' });
    await t.db
      .updateTable('sys_user')
      .set({ relTenantIds: '1,2' })
      .where('username', '=', 'tenant.user')
      .execute();
    const own = await login(t.app, 'tenant.user', 'Tenant-pass-1');
    for (const tenant of ['0', '1', '2']) {
      const res = await call(t.app, 'GET', API.userInfo, {
        token: own,
        headers: { 'tenant-id': tenant },
      });
      expect(res.status).toBe(200);
    }
    const foreign = await call(t.app, 'GET', API.userInfo, {
      token: own,
      headers: { 'tenant-id': '3' },
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ success: false, code: 401, result: null });
  });
});

describe('errors leave as the envelope', () => {
  it('an unknown path under /system is a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/system/no/such/route'],
      ['POST', '/system/sys/nothing-here'],
    ] as const) {
      const res = await call(t.app, method, url, { token });
      expect(res.status).toBe(404);
      expectEnvelope(res.body);
      expect(res.body).toMatchObject({ success: false, code: 404, result: null });
      expect(res.body.message.length).toBeGreaterThan(0);
      expect(typeof res.body.timestamp).toBe('number');
    }
    // Without a token too: no route, nothing to protect, still the envelope.
    const anonymous = await call(t.app, 'GET', '/system/no/such/route');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body.code).toBe(404);
  });

  it('a validation error is a 400 envelope naming the problem', async () => {
    const res = await call(t.app, 'POST', API.login, { body: { username: 'admin' } });
    expect(res.status).toBe(400);
    expectEnvelope(res.body);
    expect(res.body).toMatchObject({ success: false, code: 400, result: null });
    expect(res.body.message).toContain('password');
    expect(typeof res.body.timestamp).toBe('number');

    const wrongType = await call(t.app, 'POST', API.login, {
      body: { username: 'admin', password: { $ne: null } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ success: false, code: 400 });
  });

  it('a body that is not JSON is a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    const body: unknown = JSON.parse(res.body);
    expectEnvelope(body);
    expect(body).toMatchObject({ success: false, code: 400 });
  });

  it('a body over the size limit is a 413 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    const body: unknown = JSON.parse(res.body);
    expectEnvelope(body);
    expect(body).toMatchObject({ success: false, code: 413 });
  });

  it('a known path with the wrong method is an envelope too', async () => {
    const res = await call(t.app, 'GET', API.login);
    expect([404, 405]).toContain(res.status);
    expectEnvelope(res.body);
    expect(res.body).toMatchObject({ success: false, code: res.status });
  });

  it('too many login attempts from one address are a 429 envelope', async () => {
    // Invalid bodies: the limit counts requests, and these cost no password hashing.
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 31; i++) {
      last = await call(t.app, 'POST', API.login, { body: {}, remoteAddress: '10.7.0.1' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(last!.status).toBe(429);
    expectEnvelope(last!.body);
    expect(last!.body).toMatchObject({ success: false, code: 429, result: null });
    // Another address is not affected.
    const other = await call(t.app, 'POST', API.login, { body: {}, remoteAddress: '10.7.0.2' });
    expect(other.status).toBe(400);
  });

  it('an internal error is a 500 envelope without SQL or stack trace', async () => {
    const res = await call(t.app, 'GET', BOOM);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, code: 500, result: null });
    expect(res.body.message.length).toBeGreaterThan(0);
    expectEnvelope(res.body);
    expect(res.text).not.toContain('secret_table');
    expect(res.text.toLowerCase()).not.toContain('select');
    expect(res.text).not.toMatch(/\bat .+:\d+:\d+/);
    expect(res.text).not.toContain('Error');
    expect(res.text).not.toContain('.ts');
  });
});
