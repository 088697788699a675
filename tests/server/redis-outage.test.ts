import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBus, type CacheEvent, type InvalidationBus } from '../../server/realtime/bus';
import { freePort } from '../support/ports';
import { hasRedisServer, startRedis, stopRedis } from '../support/private-redis';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * A Redis outage (issue 21), on a redis-server of the test's own (never the machine's shared
 * one): while it is away every call still succeeds on its own process and a publish does not
 * fail; once it is back, fan-out resumes and the other process starts its caches afresh.
 */

function next(bus: InvalidationBus, match: (event: CacheEvent) => boolean): Promise<CacheEvent> {
  return new Promise((resolve) => {
    const unsubscribe = bus.subscribe((event) => {
      if (!match(event)) return;
      unsubscribe();
      resolve(event);
    });
  });
}

describe.runIf(hasRedisServer)('a Redis outage', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  let other: InvalidationBus;
  const logged: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    other = await createRedisBus(url);
    t = await createTestApp({
      bus: await createRedisBus(url, (message) => logged.push(message)),
      env: { REDIS_URL: url },
    });
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
    if (redis && redis.exitCode === null) await stopRedis(redis);
  });

  it('keeps every call working while Redis is away and fans out again once it is back', async () => {
    const token = await login(t.app, 'admin', DEMO_PASSWORD);
    const dictEvent = (e: CacheEvent) => e.kind === 'dict';
    const reached = next(other, dictEvent);
    await t.ctx.bus.publish({ kind: 'dict' });
    await reached;

    const ready = () => call(t.app, 'GET', '/system/health/ready');
    expect((await ready()).body).toMatchObject({ success: true, result: { redis: { ok: true } } });
    await stopRedis(redis);
    const unready = await ready();
    expect(unready.status).toBe(503);
    expect(unready.body).toMatchObject({
      message: '服务未就绪：Redis 暂时不可用',
      result: { database: { ok: true }, redis: { ok: false } },
    });
    const added = await call(t.app, 'POST', '/system/sys/position/add', {
      token,
      body: { code: 'REDISOFF', name: 'Redis 停止时新增', postRank: '1' },
    });
    expect(added.body).toMatchObject({ success: true });
    await expect(t.ctx.bus.publish({ kind: 'dict' })).resolves.toBeUndefined();
    const list = await call<{ records: { name: string }[] }>(
      t.app,
      'GET',
      '/system/sys/position/list?pageSize=100',
      { token },
    );
    expect(list.body.result.records.map((r) => r.name)).toContain('Redis 停止时新增');
    expect(logged.filter((m) => m.startsWith('redis unavailable'))).toHaveLength(1);

    const afresh = next(other, (e) => e.kind === 'all');
    redis = await startRedis(port);
    await afresh; // the other process reconnected and dropped what it may have missed
    // The publisher reconnects on its own too; then a change reaches the other process again.
    await expect
      .poll(
        async () => {
          const again = next(other, dictEvent).then(() => true);
          await t.ctx.bus.publish({ kind: 'dict' });
          return Promise.race([again, new Promise((r) => setTimeout(() => r(false), 200))]);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    expect((await ready()).status).toBe(200);
  });
});
