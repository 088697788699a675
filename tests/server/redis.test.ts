import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contracts/session';
import { hashToken } from '../../server/auth/sessions';
import type { CacheEvent, InvalidationBus } from '../../server/realtime/bus';
import { twoAppsOnRedis } from '../support/redis-pair';
import { API, DEMO_PASSWORD, call, login } from '../support/test-app';

/**
 * Resolves when the bus delivers a matching event. The instances share this process, so the
 * Redis message reaches B a moment after A's call has answered; B's own handlers (its session
 * cache) ran first when this resolves. No timer: an event that never arrives fails the test
 * by its timeout.
 */
function delivered(bus: InvalidationBus, match: (event: CacheEvent) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = bus.subscribe((event) => {
      if (!match(event)) return;
      unsubscribe();
      resolve();
    });
  });
}

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('two app instances on one database and one Redis', () => {
  const apps = twoAppsOnRedis(redisUrl!);

  it('a token logged out on A is refused by B, which had it cached', async () => {
    const token = await login(apps.a.app, 'staff', DEMO_PASSWORD);
    // B resolves the token once and keeps the principal in its cache.
    for (let i = 0; i < 2; i++) {
      const res = await call<UserInfo>(apps.b.app, 'GET', API.userInfo, { token });
      expect(res.status).toBe(200);
      expect(res.body.result.username).toBe('staff');
    }

    const reachedB = delivered(
      apps.b.ctx.bus,
      (e) => e.kind === 'session' && e.tokenHash === hashToken(token),
    );
    const out = await call(apps.a.app, 'POST', API.logout, { token });
    expect(out.body.success).toBe(true);
    await reachedB;

    const refused = await call(apps.b.app, 'GET', API.userInfo, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(401);
  });

  it("a password change on A ends the user's other sessions on B", async () => {
    const current = await login(apps.a.app, 'admin', DEMO_PASSWORD);
    const other = await login(apps.b.app, 'admin', DEMO_PASSWORD);
    expect((await call(apps.b.app, 'GET', API.userInfo, { token: other })).status).toBe(200);

    const admin = await apps.a.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const reachedB = delivered(apps.b.ctx.bus, (e) => e.kind === 'user' && e.userId === admin.id);
    const res = await call(apps.a.app, 'POST', API.updatePassword, {
      token: current,
      body: {
        username: 'admin',
        oldpassword: DEMO_PASSWORD,
        password: 'Changed-pass-1',
        confirmpassword: 'Changed-pass-1',
      },
    });
    expect(res.body.success).toBe(true);
    await reachedB;
    expect((await call(apps.b.app, 'GET', API.userInfo, { token: other })).status).toBe(401);
    expect((await call(apps.b.app, 'GET', API.userInfo, { token: current })).status).toBe(200);
  });
});
