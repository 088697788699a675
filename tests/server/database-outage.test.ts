import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/contracts/envelope';
import { MSG_DATABASE_UNAVAILABLE } from '../../server/db/failures';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { freePort } from '../support/ports';
import {
  postgresBinaries,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../support/private-postgres';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type TestApp,
  type TestDatabase,
} from '../support/test-app';

/**
 * A PostgreSQL outage around a running app (issue 21), on a server of the test's own (never
 * the machine's shared one): while it is stopped, calls answer at once with the 503 envelope
 * and the process lives on; once it is back, the same app answers again with no restart.
 */

const LIST = '/system/sys/position/list';
const READY = '/system/health/ready';

describe.skipIf(!postgresBinaries())('a PostgreSQL outage', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    pg = startPrivatePostgres(await freePort());
    const seeding = await openDatabase({ databaseUrl: pg.url });
    await migrateToLatest(seeding.db);
    await seedIfEmpty(seeding.db, { production: false, adminPassword: null });
    await seeding.close();
    const database: TestDatabase = {
      kind: 'postgres',
      open: () => openDatabase({ databaseUrl: pg.url }),
      drop: async () => {},
    };
    t = await createTestApp({ database });
    token = await login(t.app, 'admin', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    pg?.destroy();
  });

  it('answers 503 数据库暂时不可用 while the server is down, and serves again once it is back', async () => {
    const before = await call(t.app, 'GET', LIST, { token });
    expect(before.body).toMatchObject({ success: true });

    const ready = () => call<{ database: { ok: boolean } }>(t.app, 'GET', READY);
    expect((await ready()).status).toBe(200);

    pg.stop();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      success: false,
      code: ResultCode.UNAVAILABLE,
      message: '服务未就绪：数据库暂时不可用',
      result: { status: 'unavailable', database: { ok: false }, redis: null },
    });
    expect(down.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    for (const path of [LIST, `${LIST}?name=*a*`]) {
      const during = await call(t.app, 'GET', path, { token });
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({
        success: false,
        code: ResultCode.UNAVAILABLE,
        message: MSG_DATABASE_UNAVAILABLE,
      });
    }
    const write = await call(t.app, 'POST', '/system/sys/position/add', {
      token,
      body: { code: 'OUTAGE01', name: '停库时新增', postRank: '1' },
    });
    expect(write.status).toBe(503);

    pg.start();
    await expect.poll(async () => (await ready()).status, { timeout: 15_000 }).toBe(200);
    const after = await call<{ records: { name: string }[] }>(t.app, 'GET', LIST, { token });
    expect(after.body).toMatchObject({ success: true });
    const added = await call(t.app, 'POST', '/system/sys/position/add', {
      token,
      body: { code: 'OUTAGE02', name: '恢复后新增', postRank: '1' },
    });
    expect(added.body).toMatchObject({ success: true });
    const names = (
      await call<{ records: { name: string }[] }>(t.app, 'GET', `${LIST}?pageSize=100`, { token })
    ).body.result.records.map((r) => r.name);
    expect(names).toContain('恢复后新增');
    expect(names).not.toContain('停库时新增');
  });
});
