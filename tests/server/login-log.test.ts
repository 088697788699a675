import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import type { LoginResult } from '../../src/contracts/session';
import type { LoginEvent } from '../../src/contracts/system-log';
import { hashToken } from '../../server/auth/sessions';
import type { LoginInfo } from '../../server/modules/stats/visits';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

/**
 * 登录日志 (issue 23): every session event writes one `sys_log` row (log_type 1) with its
 * `event` — a sign-in, a refused one (the name as typed, never the password), the lock, a
 * sign-out, an expiry, a forced sign-out, a password reset — and only sign-ins are visits.
 */

const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES default
const LOCK_MINUTES = 15; // LOGIN_LOCK_MINUTES default
const BAD_CREDENTIALS = '用户名或密码错误';
const LOCKED = `登录失败次数过多，账号已锁定，请${LOCK_MINUTES}分钟后再试`;
const PASSWORD = 'Log-pass-4kT9';

let t: TestApp;
let admin: string;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD, { remoteAddress: nextAddress() });
});
afterAll(async () => {
  await t?.close();
});

/** A new address per call: the per-address rate limit is not what this file tests. */
function nextAddress(): string {
  address++;
  return `10.23.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

async function attempt(username: string, password: string, remoteAddress = nextAddress()) {
  const res = await call<LoginResult | null>(t.app, 'POST', API.login, {
    body: { username, password },
    remoteAddress,
  });
  return res.body;
}

/** The login-log rows about a name, oldest first. */
async function rowsOf(username: string, event?: LoginEvent) {
  let query = t.db
    .selectFrom('sys_log')
    .selectAll()
    .where('logType', '=', 1)
    .where('username', '=', username);
  if (event) query = query.where('event', '=', event);
  return query.orderBy('createTime').orderBy('id').execute();
}

async function visits(): Promise<LoginInfo> {
  const res = await call<LoginInfo>(t.app, 'GET', '/system/sys/loginfo', { token: admin });
  expect(res.body.success).toBe(true);
  return res.body.result;
}

describe('a sign-in', () => {
  it('writes a login row, as before, and counts as a visit', async () => {
    const id = await createUser(t.db, { username: 'log.in', password: PASSWORD });
    const before = await visits();
    const ip = nextAddress();
    await login(t.app, 'log.in', PASSWORD, { remoteAddress: ip });
    const rows = await rowsOf('log.in');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'login',
      userid: id,
      ip,
      logContent: '用户名: log.in,log.in登录成功！',
      requestUrl: API.login,
      requestType: 'POST',
    });
    expect((await visits()).totalVisitCount).toBe(before.totalVisitCount + 1);

    await login(t.app, 'admin', DEMO_PASSWORD, { remoteAddress: nextAddress() });
    expect((await rowsOf('admin', 'login')).at(-1)?.logContent).toBe(
      '用户名: admin,管理员登录成功！',
    );
  });
});

describe('a refused sign-in', () => {
  it('writes login_failed with the name as typed and no password anywhere, and is no visit', async () => {
    const id = await createUser(t.db, { username: 'log.wrong', password: PASSWORD });
    const before = await visits();
    const wrong = 'Typed-secret-8vQ2';
    const ip = nextAddress();
    expect(await attempt('  log.wrong ', wrong, ip)).toMatchObject({
      success: false,
      message: BAD_CREDENTIALS,
    });
    const rows = await rowsOf('log.wrong');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'login_failed',
      userid: id,
      username: 'log.wrong',
      ip,
      logContent: `用户名: log.wrong 登录失败：${BAD_CREDENTIALS}`,
    });
    expect(JSON.stringify(rows)).not.toContain(wrong);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);

    // A name of no account: the typed name, no user.
    const typed = `nobody-${'x'.repeat(90)}`;
    expect((await attempt(` ${typed} `, wrong)).message).toBe(BAD_CREDENTIALS);
    const unknown = await rowsOf(typed);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ event: 'login_failed', userid: null, createBy: null });
    expect(JSON.stringify(unknown)).not.toContain(wrong);

    expect(await visits()).toEqual(before);
  });

  it('of a frozen user writes login_failed saying so', async () => {
    const id = await createUser(t.db, { username: 'log.frozen', password: PASSWORD });
    await t.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', id).execute();
    expect((await attempt('log.frozen', PASSWORD)).message).toBe('该用户已冻结');
    const rows = await rowsOf('log.frozen');
    expect(rows.map((r) => [r.event, r.userid, r.logContent])).toEqual([
      ['login_failed', id, '用户名: log.frozen 登录失败：该用户已冻结'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('that locks the name writes one locked row besides its login_failed row', async () => {
    const id = await createUser(t.db, { username: 'log.locked', password: PASSWORD });
    for (let i = 1; i <= MAX_FAILURES; i++) await attempt('log.locked', `wrong-${i}`);
    expect((await attempt('log.locked', PASSWORD)).message).toBe(LOCKED);

    const rows = await rowsOf('log.locked');
    expect(rows.map((r) => r.event)).toEqual([
      ...Array<string>(MAX_FAILURES).fill('login_failed'),
      'locked',
      'login_failed',
    ]);
    expect(rows[MAX_FAILURES]).toMatchObject({
      userid: id,
      logContent: `用户名: log.locked 账号锁定：登录失败${MAX_FAILURES}次，锁定${LOCK_MINUTES}分钟`,
    });
    expect(rows.at(-1)?.logContent).toBe(`用户名: log.locked 登录失败：${LOCKED}`);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('is answered the same when its row cannot be written', async () => {
    await sql`alter table sys_log add constraint login_log_test_refuse
      check (event is distinct from 'login_failed') not valid`.execute(t.db);
    try {
      expect(await attempt('log.nowhere', 'wrong')).toMatchObject({
        success: false,
        message: BAD_CREDENTIALS,
      });
    } finally {
      await sql`alter table sys_log drop constraint login_log_test_refuse`.execute(t.db);
    }
    expect(await rowsOf('log.nowhere')).toEqual([]);
  });
});

describe('the end of a session', () => {
  it('by logout writes one logout row, and no visit', async () => {
    const id = await createUser(t.db, { username: 'log.out', password: PASSWORD });
    const token = await login(t.app, 'log.out', PASSWORD, { remoteAddress: nextAddress() });
    const before = await visits();
    const ip = nextAddress();
    const out = await call(t.app, 'POST', API.logout, { token, remoteAddress: ip });
    expect(out.body.success).toBe(true);
    // The session is gone: a second logout is refused and writes nothing.
    expect((await call(t.app, 'POST', API.logout, { token })).status).toBe(401);
    const rows = await rowsOf('log.out', 'logout');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userid: id, ip, logContent: '用户名: log.out 退出登录' });
    expect(await visits()).toEqual(before);
  });

  it('by expiry writes one expired row, when the purge removes the session', async () => {
    const id = await createUser(t.db, { username: 'log.expired', password: PASSWORD });
    const ip = nextAddress();
    const token = await login(t.app, 'log.expired', PASSWORD, { remoteAddress: ip });
    const expiredAt = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('sys_session')
      .set({ expiresAt: expiredAt })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    expect((await call(t.app, 'GET', API.userInfo, { token })).status).toBe(401);
    expect(await rowsOf('log.expired', 'expired')).toEqual([]);

    expect(await t.ctx.sessions.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.sessions.purgeExpired()).toBe(0);
    const rows = await rowsOf('log.expired', 'expired');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userid: id, ip, logContent: '用户名: log.expired 会话过期' });
    expect(rows[0]!.createTime.getTime()).toBe(expiredAt.getTime());
  });

  it('by force writes forced_logout for the user forced out, naming who did it', async () => {
    const id = await createUser(t.db, { username: 'log.forced', password: PASSWORD });
    await login(t.app, 'log.forced', PASSWORD, { remoteAddress: nextAddress() });
    const listed = await call<Page<{ id: string }>>(t.app, 'GET', '/system/sys/online/list', {
      token: admin,
      query: { username: 'log.forced' },
    });
    const sessionId = listed.body.result.records[0]!.id;
    const ip = nextAddress();
    const forced = await call(t.app, 'POST', '/system/sys/online/forceLogout', {
      token: admin,
      body: { id: sessionId },
      remoteAddress: ip,
    });
    expect(forced.body.success).toBe(true);
    const rows = await rowsOf('log.forced', 'forced_logout');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userid: id,
      ip,
      logContent: '用户名: log.forced 被 admin 强制退出',
    });
    const adminRows = await t.db
      .selectFrom('sys_log')
      .select('id')
      .where('event', '=', 'forced_logout')
      .where('username', '=', 'admin')
      .execute();
    expect(adminRows).toEqual([]);
  });
});

describe('a password reset', () => {
  it('by an administrator writes password_reset for the user, naming who did it', async () => {
    const id = await createUser(t.db, { username: 'log.reset', password: PASSWORD });
    const newPassword = 'Reset-secret-3Lm8';
    const res = await call(t.app, 'PUT', '/system/sys/user/changePassword', {
      token: admin,
      body: { id, password: newPassword, confirmpassword: newPassword },
    });
    expect(res.body.success, res.body.message).toBe(true);
    const rows = await rowsOf('log.reset', 'password_reset');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userid: id,
      logContent: '用户名: log.reset 密码被 admin 重置，全部会话已退出',
    });
    expect(JSON.stringify(rows)).not.toContain(newPassword);
  });

  it('by the user writes password_reset; wrong old passwords that lock write locked', async () => {
    const id = await createUser(t.db, { username: 'log.self', password: PASSWORD });
    const token = await login(t.app, 'log.self', PASSWORD, { remoteAddress: nextAddress() });
    const change = async (oldpassword: string) =>
      (
        await call(t.app, 'POST', API.updatePassword, {
          token,
          body: {
            username: 'log.self',
            oldpassword,
            password: 'Self-secret-6Np1',
            confirmpassword: 'Self-secret-6Np1',
          },
        })
      ).body;
    expect((await change(PASSWORD)).success).toBe(true);
    const reset = await rowsOf('log.self', 'password_reset');
    expect(reset).toHaveLength(1);
    expect(reset[0]).toMatchObject({
      userid: id,
      logContent: '用户名: log.self 修改密码，其他会话已退出',
    });

    for (let i = 1; i < MAX_FAILURES; i++) await change(`old-${i}`);
    expect(await rowsOf('log.self', 'locked')).toEqual([]);
    expect((await change('old-last')).message).toBe(LOCKED);
    expect((await change('old-again')).message).toBe(LOCKED);
    const locked = await rowsOf('log.self', 'locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ userid: id });
    const all = JSON.stringify(await rowsOf('log.self'));
    for (const secret of [PASSWORD, 'Self-secret-6Np1', 'old-last']) {
      expect(all).not.toContain(secret);
    }
  });
});
