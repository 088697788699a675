import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_READ_PATH, NoticeCmd, READ_ALL_PATH } from '../../src/contracts/notice';
import { CLOSE_SESSION_ENDED } from '../../src/contracts/table-sync';
import { MSG_NOT_YOUR_SOCKET } from '../../server/realtime/notice-socket-routes';
import { twoAppsOnRedis } from '../support/redis-pair';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';
import {
  WAIT_MS,
  baseUrlOf,
  connect,
  open,
  openConnections,
  userIdOf,
  type Client,
} from '../support/ws-client';

const A = '/system/sys/annountCement';

/** The server's periodic pings may come at any moment; the tests wait for the rest. */
const isPing = (message: unknown) => (message as { cmd?: unknown }).cmd === NoticeCmd.PING;

const socketPath = (userId: string) => `/system/websocket/${userId}`;

async function release(t: TestApp, admin: string, body: Record<string, unknown>): Promise<string> {
  const added = await call<string>(t.app, 'POST', `${A}/add`, { token: admin, body });
  expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
  const id = added.body.result;
  const res = await call(t.app, 'GET', `${A}/doReleaseData`, { token: admin, query: { id } });
  expect(res.body.success).toBe(true);
  return id;
}

describe('notice socket', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let aliceId: string;
  let alice: string;
  let bobId: string;
  let bob: string;
  const opened: Client[] = [];

  /** An open notice socket of the token's user, tracked for clean-up. */
  const socketOf = async (userId: string, token: string) => {
    const c = await open(base, socketPath(userId), token, isPing);
    opened.push(c);
    return c;
  };
  const releaseNotice = (body: Record<string, unknown>) => release(t, admin, body);

  beforeAll(async () => {
    t = await createTestApp();
    base = await baseUrlOf(t);
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
    aliceId = await createUser(t.db, { username: 'alice', password: 'Alice-pass-12' });
    alice = await login(t.app, 'alice', 'Alice-pass-12');
    bobId = await createUser(t.db, { username: 'bob', password: 'Bob-pass-1234' });
    bob = await login(t.app, 'bob', 'Bob-pass-1234');
  });
  afterAll(async () => {
    for (const c of opened) c.ws.terminate();
    await t?.close();
  });

  it('refuses without a valid token (401) and for another user’s id (403), before any socket opens', async () => {
    for (const protocol of [undefined, 'not-a-real-token-but-long-enough-to-resolve']) {
      const outcome = await connect(base, socketPath(aliceId), { protocol });
      expect(outcome).toMatchObject({ refused: 401 });
    }
    const spoof = await connect(base, socketPath(aliceId), { protocol: bob });
    expect(spoof).toMatchObject({ refused: 403 });
    if ('refused' in spoof) {
      expect(JSON.parse(spoof.body)).toMatchObject({
        success: false,
        code: 403,
        message: MSG_NOT_YOUR_SOCKET,
      });
    }
    expect(t.ctx.notices.socketCount()).toBe(0);
    await expect.poll(() => openConnections(t), { timeout: WAIT_MS }).toBe(0);
  });

  it('answers a plain GET with an envelope telling to use a socket', async () => {
    const res = await call(t.app, 'GET', socketPath(aliceId), { token: alice });
    expect(res.status).toBe(426);
    expect(res.body).toMatchObject({ success: false });
  });

  it('pushes a release to everyone (topic) or to its targets only (user); a revoke refreshes them', async () => {
    const a = await socketOf(aliceId, alice);
    const b = await socketOf(bobId, bob);
    expect(a.ws.protocol).toBe(alice);

    const forAlice = await releaseNotice({ titile: '给爱丽丝', msgType: 'USER', userIds: aliceId });
    expect(await a.next()).toEqual({ cmd: 'user', msgId: forAlice, msgTxt: '给爱丽丝' });

    const all = await releaseNotice({ titile: '全员通知' });
    const topic = { cmd: 'topic', msgId: all, msgTxt: '全员通知' };
    expect(await a.next()).toEqual(topic);
    // Bob's first message is the all-user one: the targeted one never reached him.
    expect(await b.next()).toEqual(topic);

    await call(t.app, 'GET', `${A}/doReovkeData`, { token: admin, query: { id: forAlice } });
    expect(await a.next()).toEqual({ cmd: 'refresh-notice' });
    await call(t.app, 'GET', `${A}/doReovkeData`, { token: admin, query: { id: all } });
    expect(await a.next()).toEqual({ cmd: 'refresh-notice' });
    expect(await b.next()).toEqual({ cmd: 'refresh-notice' });
  });

  it("a read or read-all refreshes the caller's other tabs, nobody else's", async () => {
    const tab1 = await socketOf(aliceId, alice);
    const tab2 = await socketOf(aliceId, alice);
    const b = await socketOf(bobId, bob);
    const id = await releaseNotice({ titile: '读一读' });
    for (const c of [tab1, tab2, b]) expect(await c.next()).toMatchObject({ msgId: id });

    const read = await call(t.app, 'POST', `/system${NOTICE_READ_PATH}`, {
      token: alice,
      query: { id },
    });
    expect(read.body.success).toBe(true);
    expect(await tab1.next()).toEqual({ cmd: 'refresh-notice' });
    expect(await tab2.next()).toEqual({ cmd: 'refresh-notice' });

    const readAll = await call(t.app, 'PUT', `/system${READ_ALL_PATH}`, { token: bob });
    expect(readAll.body.success).toBe(true);
    // Bob's next message is his own refresh: Alice's read sent him nothing.
    expect(await b.next()).toEqual({ cmd: 'refresh-notice' });
  });

  it('keeps a socket that answers pings; what a client sends is never relayed', async () => {
    const a = await socketOf(aliceId, alice);
    const b = await socketOf(bobId, bob);
    a.ws.send(JSON.stringify({ cmd: 'ping' }));
    a.ws.send('not json');
    a.ws.send(JSON.stringify({ cmd: 'topic', msgId: 'fake', msgTxt: '伪造的通知' }));
    a.ws.send(JSON.stringify({ cmd: 'refresh-notice' }));
    const id = await releaseNotice({ titile: '真的通知' });
    // Each one's next message is the real notice: nothing of Alice's reached anyone.
    expect(await a.next()).toEqual({ cmd: 'topic', msgId: id, msgTxt: '真的通知' });
    expect(await b.next()).toEqual({ cmd: 'topic', msgId: id, msgTxt: '真的通知' });
  });

  it('closes the socket at logout, leaving the user’s other sessions', async () => {
    const other = await login(t.app, 'alice', 'Alice-pass-12');
    const c = await socketOf(aliceId, other);
    const kept = await socketOf(aliceId, alice);
    expect((await call(t.app, 'POST', API.logout, { token: other })).body.success).toBe(true);
    expect(await c.closed()).toBe(CLOSE_SESSION_ENDED);
    const id = await releaseNotice({ titile: '还在吗' });
    expect(await kept.next()).toMatchObject({ msgId: id });
  });

  it("a password change closes the user's other sessions' sockets, not the changing one", async () => {
    const userId = await createUser(t.db, { username: 'carol', password: 'Carol-pass-12' });
    const current = await login(t.app, 'carol', 'Carol-pass-12');
    const other = await login(t.app, 'carol', 'Carol-pass-12');
    const mine = await socketOf(userId, current);
    const elsewhere = await socketOf(userId, other);
    const res = await call(t.app, 'POST', API.updatePassword, {
      token: current,
      body: {
        username: 'carol',
        oldpassword: 'Carol-pass-12',
        password: 'Carol-pass-34',
        confirmpassword: 'Carol-pass-34',
      },
    });
    expect(res.body.success, res.text).toBe(true);
    expect(await elsewhere.closed()).toBe(CLOSE_SESSION_ENDED);
    const id = await releaseNotice({ titile: '改密之后' });
    expect(await mine.next()).toMatchObject({ msgId: id });
  });

  it("freezing a user or resetting their password closes the user's sockets", async () => {
    const frozenId = await createUser(t.db, { username: 'dave', password: 'Dave-pass-123' });
    const frozen = await socketOf(frozenId, await login(t.app, 'dave', 'Dave-pass-123'));
    const freeze = await call(t.app, 'PUT', '/system/sys/user/frozenBatch', {
      token: admin,
      body: { ids: frozenId, status: 2 },
    });
    expect(freeze.body.success, freeze.text).toBe(true);
    expect(await frozen.closed()).toBe(CLOSE_SESSION_ENDED);

    const resetId = await createUser(t.db, { username: 'erin', password: 'Erin-pass-123' });
    const reset = await socketOf(resetId, await login(t.app, 'erin', 'Erin-pass-123'));
    const res = await call(t.app, 'PUT', '/system/sys/user/changePassword', {
      token: admin,
      body: { id: resetId, password: 'Erin-pass-456', confirmpassword: 'Erin-pass-456' },
    });
    expect(res.body.success, res.text).toBe(true);
    expect(await reset.closed()).toBe(CLOSE_SESSION_ENDED);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('notice socket across two processes', () => {
  const apps = twoAppsOnRedis(redisUrl!);
  let listening: Promise<string> | undefined;
  /** B listening (once for the block). */
  const baseOfB = () => (listening ??= baseUrlOf(apps.b));

  it('a notice released on A reaches a socket open on B, only its targets', async () => {
    const baseB = await baseOfB();
    const staffId = await userIdOf(apps.b, 'staff');
    const staff = await login(apps.b.app, 'staff', DEMO_PASSWORD);
    const admin = await login(apps.a.app, 'admin', DEMO_PASSWORD);
    const c = await open(baseB, socketPath(staffId), staff, isPing);
    try {
      const adminId = await userIdOf(apps.a, 'admin');
      await release(apps.a, admin, { titile: '只给管理员', msgType: 'USER', userIds: adminId });
      const forStaff = await release(apps.a, admin, {
        titile: '给职员',
        msgType: 'USER',
        userIds: staffId,
      });
      expect(await c.next()).toEqual({ cmd: 'user', msgId: forStaff, msgTxt: '给职员' });
      const all = await release(apps.a, admin, { titile: '跨进程全员' });
      expect(await c.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '跨进程全员' });
    } finally {
      c.ws.terminate();
    }
  });

  it('a logout on A closes the session’s socket on B', async () => {
    const baseB = await baseOfB();
    const staffId = await userIdOf(apps.b, 'staff');
    const staff = await login(apps.a.app, 'staff', DEMO_PASSWORD);
    const c = await open(baseB, socketPath(staffId), staff, isPing);
    try {
      expect((await call(apps.a.app, 'POST', API.logout, { token: staff })).body.success).toBe(
        true,
      );
      expect(await c.closed()).toBe(CLOSE_SESSION_ENDED);
    } finally {
      c.ws.terminate();
    }
  });
});
