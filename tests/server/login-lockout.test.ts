import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { buildApp } from '../../server/app';
import { loginNameKey, purgeExpiredLoginFailures } from '../../server/auth/login-lockout';
import { loadConfig } from '../../server/config';
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
 * The lockout tells nobody which usernames exist: an unknown name is counted and locked like a
 * known one, with the same answers and the same hashing work; wrong old passwords of a password
 * change count toward the same lock; every process on the database sees the same counts; and
 * the counts of names that stop being tried expire and are purged.
 */

const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES default
const LOCK_MINUTES = 15; // LOGIN_LOCK_MINUTES default
const BAD_CREDENTIALS = '用户名或密码错误';
const LOCKED = `登录失败次数过多，账号已锁定，请${LOCK_MINUTES}分钟后再试`;
const OLD_WRONG = '旧密码输入错误!';

let t: TestApp;
let address = 0;

/**
 * Counts scrypt derivations — the work an answer cost — by spying on node:crypto's `scrypt`
 * (re-exported to ES module importers such as server/auth/password.ts by syncBuiltinESMExports).
 */
const scrypt = vi.spyOn(crypto, 'scrypt');

beforeAll(async () => {
  syncBuiltinESMExports();
  t = await createTestApp();
  // The first verification in a process also makes the decoy hash used for unknown names.
  await login(t.app, 'admin', DEMO_PASSWORD, { remoteAddress: nextAddress() });
});
afterAll(async () => {
  scrypt.mockRestore();
  syncBuiltinESMExports();
  await t?.close();
});

/** A new address per call: the per-address rate limit is not what this file tests. */
function nextAddress(): string {
  address++;
  return `10.7.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

/** The envelope without its timestamp, and how many password hashes the answer cost. */
async function attempt(app: FastifyInstance, username: string, password: string) {
  const before = scrypt.mock.calls.length;
  const res = await call(app, 'POST', API.login, {
    body: { username, password },
    remoteAddress: nextAddress(),
  });
  const { timestamp: _timestamp, ...answer } = res.body;
  return {
    status: res.status,
    answer,
    hashes: scrypt.mock.calls.length - before,
  };
}

async function changePassword(token: string, username: string, oldpassword: string) {
  const res = await call(t.app, 'POST', API.updatePassword, {
    token,
    body: { username, oldpassword, password: 'Brand-new-pw-8', confirmpassword: 'Brand-new-pw-8' },
  });
  return res.body as ApiEnvelope<unknown>;
}

/** Lets the name's lock (or count) run out, as if its time had passed. */
async function expire(username: string) {
  const past = new Date(Date.now() - 1000);
  await t.db
    .updateTable('sys_login_failure')
    .set({ expiresAt: past, lockedUntil: past })
    .where('nameHash', '=', loginNameKey(username))
    .execute();
}

describe('lockout of known and unknown usernames', () => {
  it('answers an unknown name exactly like a known one, attempt by attempt, with the same work', async () => {
    await createUser(t.db, { username: 'known.person', password: DEMO_PASSWORD });
    const known: Awaited<ReturnType<typeof attempt>>[] = [];
    const unknown: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let i = 1; i <= MAX_FAILURES + 2; i++) {
      known.push(await attempt(t.app, 'known.person', `wrong-${i}`));
      unknown.push(await attempt(t.app, 'nobody.at.all', `wrong-${i}`));
    }
    expect(unknown).toEqual(known);

    const expected = (i: number) =>
      i < MAX_FAILURES
        ? { success: false, code: 500, message: BAD_CREDENTIALS, result: null }
        : { success: false, code: 500, message: LOCKED, result: null };
    known.forEach((a, i) => {
      expect(a.status).toBe(200);
      expect(a.answer).toEqual(expected(i + 1));
      // A locked answer still verifies the password it was sent: one hash, like any attempt.
      expect(a.hashes).toBe(1);
    });

    // The right password does not open a locked name either, and costs the same.
    const locked = await attempt(t.app, 'known.person', DEMO_PASSWORD);
    expect(locked).toEqual(known.at(-1));
  });

  it('counts a name as the login looks it up (surrounding blanks dropped)', async () => {
    for (let i = 1; i < MAX_FAILURES; i++) await attempt(t.app, '  ghost.name ', `wrong-${i}`);
    expect((await attempt(t.app, 'ghost.name', 'wrong')).answer.message).toBe(LOCKED);
    expect((await attempt(t.app, '\tghost.name', 'wrong')).answer.message).toBe(LOCKED);
  });

  it('unlocks unknown and known names alike when the time is up, the count starting again', async () => {
    await createUser(t.db, { username: 'later.person', password: DEMO_PASSWORD });
    for (const name of ['later.person', 'later.ghost']) {
      for (let i = 1; i <= MAX_FAILURES; i++) await attempt(t.app, name, `wrong-${i}`);
      expect((await attempt(t.app, name, 'wrong')).answer.message).toBe(LOCKED);
      await expire(name);
      for (let i = 1; i < MAX_FAILURES; i++) {
        expect((await attempt(t.app, name, `again-${i}`)).answer.message).toBe(BAD_CREDENTIALS);
      }
    }
    expect((await attempt(t.app, 'later.person', DEMO_PASSWORD)).answer.success).toBe(true);
  });

  it('forgets a count whose window has passed, for every name', async () => {
    await createUser(t.db, { username: 'slow.person', password: DEMO_PASSWORD });
    for (const name of ['slow.person', 'slow.ghost']) {
      for (let i = 1; i < MAX_FAILURES; i++) await attempt(t.app, name, `wrong-${i}`);
      await expire(name);
      // Only one wrong password in the new window: not locked.
      expect((await attempt(t.app, name, 'wrong')).answer.message).toBe(BAD_CREDENTIALS);
    }
  });

  it('keeps no row for ever: expired counts are purged, live ones kept', async () => {
    for (let i = 0; i < 20; i++) await attempt(t.app, `spray-${i}`, 'wrong');
    const hashes = Array.from({ length: 20 }, (_, i) => loginNameKey(`spray-${i}`));
    const rows = () =>
      t.db
        .selectFrom('sys_login_failure')
        .select('nameHash')
        .where('nameHash', 'in', hashes)
        .execute();
    expect(await rows()).toHaveLength(20);
    // The table holds no typed text: names are kept as hashes.
    const all = JSON.stringify(await t.db.selectFrom('sys_login_failure').selectAll().execute());
    expect(all).not.toContain('spray-');

    expect(await purgeExpiredLoginFailures(t.db, new Date())).toBeGreaterThanOrEqual(0);
    expect(await rows()).toHaveLength(20);
    const afterWindow = new Date(Date.now() + (LOCK_MINUTES + 1) * 60_000);
    expect(await purgeExpiredLoginFailures(t.db, afterWindow)).toBeGreaterThanOrEqual(20);
    expect(await rows()).toHaveLength(0);
  });

  it('is one count for every server process on the database', async () => {
    const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: '' }, process.cwd());
    const { app: second } = await buildApp({ config, db: t.db, logger: false });
    await second.ready();
    try {
      for (const name of ['admin', 'two.process.ghost']) {
        for (let i = 1; i < MAX_FAILURES; i++) {
          const app = i % 2 === 0 ? second : t.app;
          expect((await attempt(app, name, `wrong-${i}`)).answer.message).toBe(BAD_CREDENTIALS);
        }
        expect((await attempt(second, name, 'wrong')).answer.message).toBe(LOCKED);
        expect((await attempt(t.app, name, 'wrong')).answer.message).toBe(LOCKED);
      }
      expect((await attempt(t.app, 'admin', DEMO_PASSWORD)).answer.message).toBe(LOCKED);
      await expire('admin');
    } finally {
      await second.close();
    }
  });
});

describe('wrong old passwords of a password change', () => {
  it('count toward the account lockout; a locked account can neither log in nor change its password', async () => {
    const token = await (async () => {
      await createUser(t.db, { username: 'changer', password: DEMO_PASSWORD });
      return login(t.app, 'changer', DEMO_PASSWORD, { remoteAddress: nextAddress() });
    })();
    // Two wrong logins and three wrong old passwords: one count.
    for (let i = 1; i <= 2; i++) await attempt(t.app, 'changer', `wrong-${i}`);
    for (let i = 1; i <= 2; i++) {
      expect(await changePassword(token, 'changer', `old-${i}`)).toMatchObject({
        success: false,
        message: OLD_WRONG,
      });
    }
    expect(await changePassword(token, 'changer', 'old-3')).toMatchObject({
      success: false,
      message: LOCKED,
    });

    expect((await attempt(t.app, 'changer', DEMO_PASSWORD)).answer.message).toBe(LOCKED);
    expect(await changePassword(token, 'changer', DEMO_PASSWORD)).toMatchObject({
      success: false,
      message: LOCKED,
    });
    // Nothing changed: once the lock ends the old password still works.
    await expire('changer');
    expect((await attempt(t.app, 'changer', DEMO_PASSWORD)).answer.success).toBe(true);
  });

  it('a right old password clears the count', async () => {
    await createUser(t.db, { username: 'fixer', password: DEMO_PASSWORD });
    const token = await login(t.app, 'fixer', DEMO_PASSWORD, { remoteAddress: nextAddress() });
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect((await changePassword(token, 'fixer', `old-${i}`)).message).toBe(OLD_WRONG);
    }
    expect((await changePassword(token, 'fixer', DEMO_PASSWORD)).success).toBe(true);
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect((await attempt(t.app, 'fixer', `wrong-${i}`)).answer.message).toBe(BAD_CREDENTIALS);
    }
  });
});

describe("an administrator's password reset", () => {
  it('unlocks the account', async () => {
    const id = await createUser(t.db, { username: 'reset.me', password: DEMO_PASSWORD });
    for (let i = 1; i <= MAX_FAILURES; i++) await attempt(t.app, 'reset.me', `wrong-${i}`);
    expect((await attempt(t.app, 'reset.me', DEMO_PASSWORD)).answer.message).toBe(LOCKED);
    const admin = await login(t.app, 'admin', DEMO_PASSWORD, { remoteAddress: nextAddress() });
    const reset = await call(t.app, 'PUT', '/system/sys/user/changePassword', {
      token: admin,
      body: { id, username: 'reset.me', password: 'Reset-pass-9', confirmpassword: 'Reset-pass-9' },
    });
    expect(reset.body.success, reset.body.message).toBe(true);
    expect((await attempt(t.app, 'reset.me', 'Reset-pass-9')).answer.success).toBe(true);
  });
});
