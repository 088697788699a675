import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { MSG_NO_PERMISSION, MSG_TOKEN_INVALID } from '../../src/contracts/envelope';
import { CLOSE_SESSION_ENDED } from '../../src/contracts/table-sync';
import { hashToken } from '../../server/auth/sessions';
import {
  MSG_FORCED_OUT,
  MSG_OWN_SESSION,
  MSG_SESSION_GONE,
} from '../../server/modules/online-user/routes';
import { twoAppsOnRedis } from '../support/redis-pair';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';
import { baseUrlOf, open, userIdOf } from '../support/ws-client';

/**
 * 在线用户 (issue 23): GET /sys/online/list names live sessions by an opaque id (never the
 * token or its hash); POST /sys/online/forceLogout {id} ends one: its next call is refused
 * with the token-expired answer and its sockets close, on every process.
 */

interface OnlineRow {
  id: string;
  username: string;
  realname: string;
  departNames: string | null;
  ip: string | null;
  loginTime: string;
  lastSeenTime: string;
  current: boolean;
}

const LIST = '/system/sys/online/list';
const FORCE = '/system/sys/online/forceLogout';

const list = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  call<Page<OnlineRow>>(t.app, 'GET', LIST, { token, query });
const forceLogout = (t: TestApp, token: string, id: string) =>
  call(t.app, 'POST', FORCE, { token, body: { id } });

describe('在线用户', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
    await createUser(t.db, { username: 'online_alice', password: 'Alice-pass-12' });
    alice = await login(t.app, 'online_alice', 'Alice-pass-12');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists each live session by id, with the caller’s own marked, and never a token', async () => {
    const res = await list(t, admin, { pageSize: '100' });
    expect(res.body.success).toBe(true);
    const rows = res.body.result.records;
    const own = rows.filter((r) => r.current);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      username: 'admin',
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const aliceRow = rows.find((r) => r.username === 'online_alice')!;
    expect(aliceRow).toMatchObject({ current: false });
    expect(aliceRow.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(aliceRow.lastSeenTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const token of [admin, alice]) {
      expect(res.text).not.toContain(token);
      expect(res.text).not.toContain(hashToken(token));
    }
    const filtered = await list(t, admin, { username: '*alice*' });
    expect(filtered.body.result.records.map((r) => r.username)).toEqual(['online_alice']);
  });

  it('forces a session out: its next call is refused, it leaves the list, and twice says so', async () => {
    const before = await call(t.app, 'GET', API.permissions, {
      token: alice,
    });
    expect(before.status).toBe(200);
    const id = (await list(t, admin, { username: 'online_alice' })).body.result.records[0]!.id;
    const forced = await forceLogout(t, admin, id);
    expect(forced.body).toMatchObject({ success: true, message: MSG_FORCED_OUT });

    const after = await call(t.app, 'GET', API.permissions, {
      token: alice,
    });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MSG_TOKEN_INVALID);
    const rows = (await list(t, admin, { pageSize: '100' })).body.result.records;
    expect(rows.some((r) => r.id === id)).toBe(false);
    expect((await forceLogout(t, admin, id)).body).toMatchObject({
      success: false,
      message: MSG_SESSION_GONE,
    });
  });

  it('does not end the caller’s own session, and checks its input and permissions', async () => {
    const own = (await list(t, admin)).body.result.records.find((r) => r.current)!;
    expect((await forceLogout(t, admin, own.id)).body).toMatchObject({
      success: false,
      message: MSG_OWN_SESSION,
    });
    expect((await forceLogout(t, admin, 'no such id!')).status).toBe(400);
    expect((await forceLogout(t, admin, 'abcdef0123456789abcdef0123456789')).body).toMatchObject({
      success: false,
      message: MSG_SESSION_GONE,
    });
    const clerk = await signedInUser(t, 'online_clerk', 'Clerk#2026');
    for (const res of [await list(t, clerk), await forceLogout(t, clerk, own.id)]) {
      expect(res.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
    }
    expect((await call(t.app, 'GET', LIST)).status).toBe(401);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('在线用户 across two processes', () => {
  const apps = twoAppsOnRedis(redisUrl!);

  it('a session forced out on A is refused on B at its next call, and its socket on B closes', async () => {
    const { a, b } = apps;
    await createUser(a.db, { username: 'online_bob', password: 'Bob-pass-1234' });
    const bob = await login(b.app, 'online_bob', 'Bob-pass-1234');
    const adminOnA = await login(a.app, 'admin', DEMO_PASSWORD);
    // B has bob's session cached: the refusal must come from the bus, not a cache miss.
    const seen = await call(b.app, 'GET', API.permissions, {
      token: bob,
    });
    expect(seen.status).toBe(200);
    const socket = await open(
      await baseUrlOf(b),
      `/system/websocket/${await userIdOf(b, 'online_bob')}`,
      bob,
      () => true,
    );

    const id = (await list(a, adminOnA, { username: 'online_bob' })).body.result.records[0]!.id;
    const started = performance.now();
    expect((await forceLogout(a, adminOnA, id)).body.success).toBe(true);
    await expect
      .poll(async () => (await call(b.app, 'GET', API.permissions, { token: bob })).status, {
        timeout: 5000,
        interval: 5,
      })
      .toBe(401);
    console.info(
      `[figure] forced-out token refused on the other process after ${Math.round(performance.now() - started)} ms`,
    );
    expect(await socket.closed()).toBe(CLOSE_SESSION_ENDED);
  });
});
