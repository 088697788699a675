import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY,
  SYNC_CLIENT_HEADER,
} from '../../src/contracts/table-sync';
import { PUBLIC } from '../../server/http/access';
import { ok } from '../../server/http/envelope';
import { syncSenderOf } from '../../server/realtime/sync-sender';
import { twoAppsOnRedis } from '../support/redis-pair';
import {
  WAIT_MS,
  baseUrlOf,
  connect,
  open,
  openConnections,
  userIdOf,
  type Client,
} from '../support/ws-client';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const SENDER_ROUTE = '/__test__/sync-sender';

async function heartbeat(c: Client): Promise<unknown> {
  c.ws.send(JSON.stringify({ type: 'heart_beat', data: 'ping' }));
  return c.next();
}

const ROWS = [{ id: 'r1', name: '张三', tug_status: { name: 'changed' } }];

describe('live table sync socket', () => {
  let t: TestApp;
  let base: string;
  let adminId: string;
  let staffId: string;
  const opened: Client[] = [];
  const track = (c: Client) => (opened.push(c), c);

  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get(SENDER_ROUTE, { config: { access: PUBLIC } }, async (request) =>
          ok(syncSenderOf(request) ?? null),
        );
      },
    });
    base = await baseUrlOf(t);
    adminId = await userIdOf(t, 'admin');
    staffId = await userIdOf(t, 'staff');
  });
  afterAll(async () => {
    for (const c of opened) c.ws.terminate();
    await t?.close();
  });

  it('refuses the upgrade without a valid token, with the envelope and no stack trace', async () => {
    for (const protocol of [undefined, 'not-a-real-token-but-long-enough-to-resolve']) {
      const outcome = await connect(base, `/system/vxeSocket/${adminId}/page1`, { protocol });
      expect(outcome).toMatchObject({ refused: 401 });
      if ('refused' in outcome) {
        expect(JSON.parse(outcome.body)).toMatchObject({ success: false, code: 401 });
        expect(outcome.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
      }
    }
    // The refused connections do not stay open on the server (nothing else is open yet).
    await expect.poll(() => openConnections(t), { timeout: WAIT_MS }).toBe(0);
  });

  it('refuses a page id outside the safe pattern', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    for (const pageId of ['a.b', 'x'.repeat(65), '%3Cscript%3E']) {
      const outcome = await connect(base, `/system/vxeSocket/${staffId}/${pageId}`, {
        protocol: token,
      });
      expect(outcome).toMatchObject({ refused: 400 });
    }
  });

  it('answers a plain GET with an envelope telling to use a socket', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const res = await call(t.app, 'GET', `/system/vxeSocket/${staffId}/page1`, { token });
    expect(res.status).toBe(426);
    expect(res.body).toMatchObject({ success: false, code: 400 });
  });

  it('accepts the token as protocol, answers with it, and answers heartbeats at once', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const c = track(await open(base, `/system/vxeSocket/${staffId}/page1`, token));
    expect(c.ws.protocol).toBe(token);
    expect(await heartbeat(c)).toEqual({ type: 'heart_beat', data: 'pong' });
    expect(await heartbeat(c)).toEqual({ type: 'heart_beat', data: 'pong' });
  });

  it('also accepts the X-Access-Token header (non-browser clients)', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const outcome = await connect(base, `/system/vxeSocket/${staffId}/page1`, {
      headers: { 'X-Access-Token': token },
    });
    expect('open' in outcome).toBe(true);
    if ('open' in outcome) {
      track(outcome.open);
      expect(await heartbeat(outcome.open)).toEqual({ type: 'heart_beat', data: 'pong' });
    }
  });

  it('ignores malformed and client-sent update messages: no echo, no relay, no crash', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const sender = track(await open(base, `/system/vxeSocket/${staffId}/relay`, token));
    const other = track(await open(base, `/system/vxeSocket/${staffId}/relay`, token));
    sender.ws.send('not json');
    sender.ws.send(JSON.stringify({ type: 'nonsense', data: 1 }));
    sender.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    sender.ws.send(
      JSON.stringify({
        type: 'update_vxe_table',
        data: { socketKey: 'vxe-default', senderId: null, rows: ROWS },
      }),
    );
    // The next message each receives is the answer to its own heartbeat.
    expect(await heartbeat(sender)).toEqual({ type: 'heart_beat', data: 'pong' });
    expect(await heartbeat(other)).toEqual({ type: 'heart_beat', data: 'pong' });
  });

  it('closes a socket whose message is larger than 4 KB', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const c = track(await open(base, `/system/vxeSocket/${staffId}/big`, token));
    c.ws.send(JSON.stringify({ type: 'heart_beat', data: 'x'.repeat(5000) }));
    expect(await c.closed()).toBe(1009);
  });

  it('publishTableUpdate reaches the sockets of that page only, in every page grid', async () => {
    const staff = await login(t.app, 'staff', DEMO_PASSWORD);
    const admin = await login(t.app, 'admin', DEMO_PASSWORD);
    const a1 = track(await open(base, `/system/vxeSocket/${staffId}/orders`, staff));
    const a2 = track(await open(base, `/system/vxeSocket/${adminId}/orders`, admin));
    const b = track(await open(base, `/system/vxeSocket/${staffId}/invoices`, staff));
    expect(t.ctx.tableSync.socketCount('orders')).toBe(2);

    t.ctx.tableSync.publishTableUpdate({ pageId: 'orders', senderId: 'tab-1', rows: ROWS });
    const expected = {
      type: 'update_vxe_table',
      data: { socketKey: 'vxe-default', senderId: 'tab-1', rows: ROWS },
    };
    expect(await a1.next()).toEqual(expected);
    expect(await a2.next()).toEqual(expected);
    expect(await heartbeat(b)).toEqual({ type: 'heart_beat', data: 'pong' });

    t.ctx.tableSync.publishTableUpdate({ pageId: 'orders', socketKey: 'lines', rows: ROWS });
    expect(await a1.next()).toMatchObject({ data: { socketKey: 'lines', senderId: null } });
  });

  it('sends rows guarded by a code only to users holding it', async () => {
    const staff = await login(t.app, 'staff', DEMO_PASSWORD);
    const admin = await login(t.app, 'admin', DEMO_PASSWORD);
    const s = track(await open(base, `/system/vxeSocket/${staffId}/guarded`, staff));
    const a = track(await open(base, `/system/vxeSocket/${adminId}/guarded`, admin));
    t.ctx.tableSync.publishTableUpdate({ pageId: 'guarded', rows: ROWS, permission: 'user:add' });
    expect(await a.next()).toMatchObject({ type: 'update_vxe_table' });
    expect(await heartbeat(s)).toEqual({ type: 'heart_beat', data: 'pong' });
  });

  it("binds the socket to the token's user even when the path names another", async () => {
    const staff = await login(t.app, 'staff', DEMO_PASSWORD);
    const admin = await login(t.app, 'admin', DEMO_PASSWORD);
    // The path says admin, the token is staff's: staff's rights apply and staff's logout ends it.
    const c = track(await open(base, `/system/vxeSocket/${adminId}/spoof`, staff));
    t.ctx.tableSync.publishTableUpdate({ pageId: 'spoof', rows: ROWS, permission: 'user:add' });
    expect(await heartbeat(c)).toEqual({ type: 'heart_beat', data: 'pong' });

    await call(t.app, 'POST', API.logout, { token: admin });
    expect(await heartbeat(c)).toEqual({ type: 'heart_beat', data: 'pong' });
    await call(t.app, 'POST', API.logout, { token: staff });
    expect(await c.closed()).toBe(CLOSE_SESSION_ENDED);
  });

  it('closes the sockets of a session that ended (logout)', async () => {
    const token = await login(t.app, 'staff', DEMO_PASSWORD);
    const other = await login(t.app, 'staff', DEMO_PASSWORD);
    const c = track(await open(base, `/system/vxeSocket/${staffId}/logout`, token));
    const kept = track(await open(base, `/system/vxeSocket/${staffId}/logout`, other));
    const res = await call(t.app, 'POST', API.logout, { token });
    expect(res.body.success).toBe(true);
    expect(await c.closed()).toBe(CLOSE_SESSION_ENDED);
    expect(await heartbeat(kept)).toEqual({ type: 'heart_beat', data: 'pong' });
    expect(t.ctx.tableSync.socketCount('logout')).toBe(1);
  });

  it("closes a user's sockets when all their sessions are revoked (freeze, password reset)", async () => {
    const userId = await createUser(t.db, { username: 'syncer', password: 'Syncer-pass-1' });
    const token = await login(t.app, 'syncer', 'Syncer-pass-1');
    const c = track(await open(base, `/system/vxeSocket/${userId}/revoked`, token));
    await t.ctx.sessions.revokeUser(userId);
    expect(await c.closed()).toBe(CLOSE_SESSION_ENDED);
  });

  it('refuses more than 20 sockets of one user', async () => {
    const userId = await createUser(t.db, { username: 'manytabs', password: 'Many-tabs-1' });
    const token = await login(t.app, 'manytabs', 'Many-tabs-1');
    for (let i = 0; i < 20; i++) {
      const c = track(await open(base, `/system/vxeSocket/${userId}/p${i}`, token));
      expect(await heartbeat(c)).toEqual({ type: 'heart_beat', data: 'pong' });
    }
    const extra = track(await open(base, `/system/vxeSocket/${userId}/p20`, token));
    expect(await extra.closed()).toBe(CLOSE_TOO_MANY);
  });

  it('syncSenderOf reads a safe X-Sync-Client only', async () => {
    const sender = async (value?: string) => {
      const headers: Record<string, string> =
        value === undefined ? {} : { [SYNC_CLIENT_HEADER]: value };
      return (await call<string | null>(t.app, 'GET', SENDER_ROUTE, { headers })).body.result;
    };
    expect(await sender('tab_1-A')).toBe('tab_1-A');
    expect(await sender()).toBeNull();
    expect(await sender('x'.repeat(65))).toBeNull();
    expect(await sender('a b')).toBeNull();
    expect(await sender('<script>')).toBeNull();
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('live table sync across two processes', () => {
  const apps = twoAppsOnRedis(redisUrl!);

  it('an update published on A reaches a socket open on B', async () => {
    const baseB = await baseUrlOf(apps.b);
    const staffId = await userIdOf(apps.b, 'staff');
    const token = await login(apps.b.app, 'staff', DEMO_PASSWORD);
    const c = await open(baseB, `/system/vxeSocket/${staffId}/shared`, token);
    try {
      apps.a.ctx.tableSync.publishTableUpdate({ pageId: 'shared', rows: ROWS });
      expect(await c.next()).toMatchObject({ type: 'update_vxe_table', data: { rows: ROWS } });
    } finally {
      c.ws.terminate();
    }
  });
});
