import Type from 'typebox';
import { expect } from 'vitest';
import type { Db } from '../../server/db/index';
import { defineHandler, type JobHandler } from '../../server/modules/quartz/handlers/handler';
import { BUILTIN_HANDLERS } from '../../server/modules/quartz/handlers/index';
import { call, type TestApp } from '../support/test-app';

/** Shared pieces of the 定时任务 tests: test handlers, calls, the run log. */

export const Q = '/system/sys/quartzJob';
export const EVERY_MINUTE = '0 * * * * ?';

/** Runs of the `probe` handler, in order (the test reads and clears it). */
export const probeRuns: { params: unknown; at: Date }[] = [];
export const BOOM = '炸了';

const NO_PARAMS = Type.Object({}, { additionalProperties: false });

export const probe = defineHandler<Record<string, never>>({
  key: 'probe',
  name: '测试探针',
  paramsSchema: NO_PARAMS,
  async run(params, { now }) {
    probeRuns.push({ params, at: now });
  },
});

export const boom = defineHandler<Record<string, never>>({
  key: 'boom',
  name: '总是失败',
  paramsSchema: NO_PARAMS,
  async run() {
    throw new Error(BOOM);
  },
});

/** A handler that waits until `release()`d: a slow job. */
export function slowHandler(): { handler: JobHandler; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    handler: defineHandler<Record<string, never>>({
      key: 'slow',
      name: '慢任务',
      paramsSchema: NO_PARAMS,
      run: () => gate,
    }),
  };
}

export const TEST_HANDLERS: readonly JobHandler[] = [...BUILTIN_HANDLERS, probe, boom];

export interface LogRow {
  readonly fireTime: Date;
  readonly result: string;
  readonly error: string | null;
  readonly trigger: string;
}

/** The runs of a job, oldest first. */
export async function runsOf(db: Db, jobId: string): Promise<LogRow[]> {
  return db
    .selectFrom('sys_quartz_job_log')
    .select(['fireTime', 'result', 'error', 'trigger'])
    .where('jobId', '=', jobId)
    .orderBy('startTime')
    .orderBy('fireTime')
    .execute();
}

/** Adds a job through the route; answers its id. */
export async function addJob(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await call<string>(t.app, 'POST', `${Q}/add`, {
    token,
    body: { jobName: '测试任务', cronExpression: EVERY_MINUTE, status: 0, ...body },
  });
  expect(res.body, res.text).toMatchObject({ success: true, message: '新增成功！' });
  await t.ctx.quartz.scheduler.whenIdle();
  return res.body.result;
}

/** The UTC instant of `2030-01-01T{hh:mm:ss.mmm}Z`. */
export const at = (time: string) => new Date(`2030-01-01T${time}Z`);
