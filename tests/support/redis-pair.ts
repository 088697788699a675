import { afterAll, beforeAll } from 'vitest';
import { createRedisBus } from '../../server/realtime/bus';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './test-app';

/**
 * Two app instances on one throw-away PostgreSQL database, each with its own Redis bus (two
 * processes, as far as the app can tell). Registers the hooks of the describe block it is
 * called in; run the block only with DATABASE_URL and REDIS_URL set.
 */
export function twoAppsOnRedis(redisUrl: string): { readonly a: TestApp; readonly b: TestApp } {
  let database: TestDatabase | undefined;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ database, bus: await createRedisBus(redisUrl) });
    b = await createTestApp({ database, bus: await createRedisBus(redisUrl) });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });
  const started = (app: TestApp | undefined) => {
    if (!app) throw new Error('twoAppsOnRedis() used outside its tests');
    return app;
  };
  return {
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
  };
}
