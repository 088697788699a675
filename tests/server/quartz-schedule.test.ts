import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/index';
import { newId } from '../../server/ids';
import { FakeClock } from '../support/fake-clock';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createTestDatabase,
  login,
  type TestApp,
  type TestDatabase,
} from '../support/test-app';
import {
  BOOM,
  EVERY_MINUTE,
  Q,
  TEST_HANDLERS,
  addJob,
  at,
  probe,
  probeRuns,
  runsOf,
  slowHandler,
} from './quartz-support';

/** 定时任务: the scheduler fires running jobs on their cron schedule (a fake clock drives it). */

const slow = slowHandler();
const clock = new FakeClock(at('00:00:10'));
let t: TestApp;
let admin: string;

const idle = () => t.ctx.quartz.scheduler.whenIdle();
const advanceTo = (time: string) => clock.advanceTo(at(time), idle);

beforeAll(async () => {
  t = await createTestApp({
    quartz: { clock, handlers: [...TEST_HANDLERS, slow.handler] },
  });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  slow.release();
  await t?.close();
});
beforeEach(() => {
  probeRuns.length = 0;
});

async function pause(id: string): Promise<void> {
  const res = await call(t.app, 'GET', `${Q}/pause`, { token: admin, query: { id } });
  expect(res.body, res.text).toMatchObject({ success: true, message: '暂停成功' });
  await idle();
}

describe('the scheduler', () => {
  it('reads the expression on Beijing time, the clock the builder previews', async () => {
    // 00:00:10 UTC is 08:00:10 in Beijing: today's 08:00 has passed, tomorrow's is next.
    const id = await addJob(t, admin, { jobClassName: 'probe', cronExpression: '0 0 8 * * ?' });
    const job = await t.db
      .selectFrom('sys_quartz_job')
      .select('nextFireTime')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.nextFireTime).toEqual(new Date('2030-01-02T00:00:00Z'));
    await pause(id);
  });

  it('fires a running job when its time comes, not before', async () => {
    const id = await addJob(t, admin, { jobClassName: 'probe' });
    await advanceTo('00:00:59.900');
    expect(await runsOf(t.db, id)).toEqual([]);

    await advanceTo('00:01:00.500');
    expect(await runsOf(t.db, id)).toEqual([
      { fireTime: at('00:01:00'), result: '成功', error: null, trigger: '定时' },
    ]);
    expect(probeRuns.map((r) => r.at)).toEqual([at('00:01:00')]);
    const job = await t.db
      .selectFrom('sys_quartz_job')
      .select('nextFireTime')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.nextFireTime).toEqual(at('00:02:00'));

    await advanceTo('00:03:00.500');
    expect((await runsOf(t.db, id)).map((r) => r.fireTime)).toEqual([
      at('00:01:00'),
      at('00:02:00'),
      at('00:03:00'),
    ]);
    await pause(id);
  });

  it('logs a failing handler with its message and goes on firing it and the others', async () => {
    const failing = await addJob(t, admin, { jobClassName: 'boom' });
    const fine = await addJob(t, admin, { jobClassName: 'probe' });
    await advanceTo('00:05:00.500');
    const failed = await runsOf(t.db, failing);
    expect(failed).toHaveLength(2);
    expect(failed.every((r) => r.result === '失败' && r.error === BOOM)).toBe(true);
    expect((await runsOf(t.db, fine)).map((r) => [r.fireTime, r.result])).toEqual([
      [at('00:04:00'), '成功'],
      [at('00:05:00'), '成功'],
    ]);
    await pause(failing);
    await pause(fine);
  });

  it('a slow job does not hold up the others due with it', async () => {
    const slowId = await addJob(t, admin, { jobClassName: 'slow', cronExpression: '0 * * * * ?' });
    const quick = await addJob(t, admin, { jobClassName: 'probe', cronExpression: '1 * * * * ?' });
    // Both due in one tick, the slow one first: the quick one runs while the slow one waits.
    clock.set(at('00:06:01.500'));
    t.ctx.quartz.scheduler.wake();
    await expect.poll(() => runsOf(t.db, quick)).toHaveLength(1);
    expect(await runsOf(t.db, slowId)).toEqual([]);
    slow.release();
    await idle();
    expect((await runsOf(t.db, slowId)).map((r) => r.result)).toEqual(['成功']);
    await pause(slowId);
    await pause(quick);
  });

  it('暂停 stops the firing, 启动 starts it again from now, 立即执行 runs once (手动)', async () => {
    const id = await addJob(t, admin, { jobClassName: 'probe' });
    await pause(id);
    await advanceTo('00:09:30');
    expect(await runsOf(t.db, id)).toEqual([]);

    const resumed = await call(t.app, 'GET', `${Q}/resume`, { token: admin, query: { id } });
    expect(resumed.body, resumed.text).toMatchObject({ success: true, message: '启动成功' });
    await idle();
    await advanceTo('00:10:00.500');
    expect((await runsOf(t.db, id)).map((r) => [r.fireTime, r.trigger])).toEqual([
      [at('00:10:00'), '定时'],
    ]);

    await pause(id);
    const executed = await call(t.app, 'GET', `${Q}/execute`, { token: admin, query: { id } });
    expect(executed.body, executed.text).toMatchObject({ success: true, message: '执行成功' });
    const runs = await runsOf(t.db, id);
    expect(runs.map((r) => [r.result, r.trigger])).toEqual([
      ['成功', '定时'],
      ['成功', '手动'],
    ]);
    await advanceTo('00:12:00.500');
    expect(await runsOf(t.db, id)).toHaveLength(2);
  });

  it('立即执行 of a failing job answers the failure with its message and logs it', async () => {
    const id = await addJob(t, admin, { jobClassName: 'boom', status: -1 });
    const res = await call(t.app, 'GET', `${Q}/execute`, { token: admin, query: { id } });
    expect(res.body).toMatchObject({ success: false, message: `执行失败：${BOOM}` });
    expect(await runsOf(t.db, id)).toEqual([
      expect.objectContaining({ result: '失败', error: BOOM, trigger: '手动' }),
    ]);
  });

  it('the run log lists a job’s runs newest first', async () => {
    const id = await addJob(t, admin, { jobClassName: 'probe' });
    await advanceTo('00:14:00.500');
    const res = await call<{ records: { fireTime: string; result: string }[]; total: number }>(
      t.app,
      'GET',
      `${Q}/log/list`,
      { token: admin, query: { jobId: id, pageNo: '1', pageSize: '10' } },
    );
    expect(res.body.success, res.text).toBe(true);
    expect(res.body.result.total).toBe(2);
    const times = res.body.result.records.map((r) => r.fireTime);
    expect(times).toHaveLength(2);
    expect(times[0]! > times[1]!).toBe(true);
    await pause(id);
  });
});

describe('a restart', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const restartClock = new FakeClock(at('00:00:10'));
  const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: '' }, process.cwd());

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function boot() {
    const built = await buildApp({
      config,
      db: handle.db,
      logger: false,
      quartz: { clock: restartClock, handlers: TEST_HANDLERS },
    });
    await built.app.ready();
    return built;
  }

  it('fires a firing missed while down once at start, then goes on from now', async () => {
    const first = await boot();
    const idleOf = (ctx: typeof first.ctx) => () => ctx.quartz.scheduler.whenIdle();
    const id = newId();
    await handle.db
      .insertInto('sys_quartz_job')
      .values({
        id,
        jobName: '重启',
        jobClassName: probe.key,
        cronExpression: EVERY_MINUTE,
        status: 0,
        nextFireTime: at('00:01:00'),
      })
      .execute();
    first.ctx.quartz.scheduler.wake();
    await restartClock.advanceTo(at('00:01:00.500'), idleOf(first.ctx));
    expect(await runsOf(handle.db, id)).toHaveLength(1);
    await first.app.close();
    // Closed: nothing of the first app is left waiting on the clock.
    expect(restartClock.pending).toBe(0);

    // Down across the firings of 00:02 and 00:03.
    restartClock.set(at('00:03:30'));
    const second = await boot();
    await second.ctx.quartz.scheduler.whenIdle();
    expect((await runsOf(handle.db, id)).map((r) => r.fireTime)).toEqual([
      at('00:01:00'),
      at('00:02:00'),
    ]);
    await restartClock.advanceTo(at('00:05:00.500'), idleOf(second.ctx));
    expect((await runsOf(handle.db, id)).map((r) => r.fireTime)).toEqual([
      at('00:01:00'),
      at('00:02:00'),
      at('00:04:00'),
      at('00:05:00'),
    ]);
    await second.app.close();
    expect(restartClock.pending).toBe(0);
  });
});
