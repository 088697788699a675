import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids';
import { FakeClock } from '../support/fake-clock';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../support/test-app';
import { EVERY_MINUTE, TEST_HANDLERS, at, probe, runsOf } from './quartz-support';

/**
 * 定时任务 with two server processes on one PostgreSQL database (DATABASE_URL): each firing is
 * claimed by one of them, so it runs once. Skipped on the embedded database (one process).
 */

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('two processes on one PostgreSQL', () => {
  const clock = new FakeClock(at('00:00:10'));
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const quartz = { clock, handlers: TEST_HANDLERS };
    a = await createTestApp({ database, quartz });
    b = await createTestApp({ database, quartz });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const bothIdle = async () => {
    await Promise.all([a.ctx.quartz.scheduler.whenIdle(), b.ctx.quartz.scheduler.whenIdle()]);
  };

  it('a job due in both fires once per firing', async () => {
    const id = newId();
    await a.db
      .insertInto('sys_quartz_job')
      .values({
        id,
        jobName: '两个进程',
        jobClassName: probe.key,
        cronExpression: EVERY_MINUTE,
        status: 0,
        nextFireTime: at('00:01:00'),
      })
      .execute();
    for (const minute of ['01', '02', '03']) {
      // Both processes wake at the same instant and race for the firing.
      clock.set(at(`00:${minute}:00.100`));
      a.ctx.quartz.scheduler.wake();
      b.ctx.quartz.scheduler.wake();
      await bothIdle();
    }
    await clock.advanceTo(at('00:05:00.500'), bothIdle);
    const fired = (await runsOf(a.db, id)).map((r) => r.fireTime.toISOString());
    expect(fired).toEqual(
      ['01', '02', '03', '04', '05'].map((m) => at(`00:${m}:00`).toISOString()),
    );
  });
});
