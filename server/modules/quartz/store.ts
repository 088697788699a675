import { nextScheduledTimes } from '../../../src/contracts/quartz';
import type { Db } from '../../db/index';
import { newId } from '../../ids';

/** sys_quartz_job.status: 0 runs on its schedule, -1 is stopped. */
export const STATUS_RUNNING = 0;
export const STATUS_STOPPED = -1;

export const RESULT_OK = '成功';
export const RESULT_FAILED = '失败';
export type RunResult = typeof RESULT_OK | typeof RESULT_FAILED;
export const TRIGGER_SCHEDULE = '定时';
export const TRIGGER_MANUAL = '手动';
export type RunTrigger = typeof TRIGGER_SCHEDULE | typeof TRIGGER_MANUAL;

/** A log row keeps this much of an error message. */
export const ERROR_CLIP = 1000;

/** What a run needs of its job. */
export interface JobToRun {
  readonly id: string;
  readonly jobClassName: string;
  readonly parameter: string | null;
}

export interface DueJob extends JobToRun {
  readonly cronExpression: string;
  readonly nextFireTime: Date;
}

/**
 * The first fire time strictly after `from` on the schedule clock (Beijing time, the clock the
 * builder's preview shows), or null when the expression never fires again.
 */
export function nextFireAfter(expression: string, from: Date): Date | null {
  try {
    return nextScheduledTimes(expression, from, 1)[0] ?? null;
  } catch {
    return null; // an invalid stored expression: the job never fires
  }
}

/** Running jobs whose firing has come. */
export async function dueJobs(db: Db, now: Date): Promise<DueJob[]> {
  const rows = await db
    .selectFrom('sys_quartz_job')
    .select(['id', 'jobClassName', 'parameter', 'cronExpression', 'nextFireTime'])
    .where('status', '=', STATUS_RUNNING)
    .where('delFlag', '=', 0)
    .where('nextFireTime', '<=', now)
    .orderBy('nextFireTime')
    .limit(100)
    .execute();
  return rows.map((r) => ({ ...r, nextFireTime: r.nextFireTime! }));
}

/**
 * Claims one firing: moves the job's next fire time from the one seen to `next` only if no
 * one moved it first (another process, an edit). True when this caller won the firing.
 */
export async function claimFiring(db: Db, job: DueJob, next: Date | null): Promise<boolean> {
  const row = await db
    .updateTable('sys_quartz_job')
    .set({ nextFireTime: next })
    .where('id', '=', job.id)
    .where('nextFireTime', '=', job.nextFireTime)
    .where('status', '=', STATUS_RUNNING)
    .where('delFlag', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Running jobs with no fire time yet (written by hand or an old process): given one. */
export async function armUnscheduled(db: Db, now: Date): Promise<void> {
  const rows = await db
    .selectFrom('sys_quartz_job')
    .select(['id', 'cronExpression'])
    .where('status', '=', STATUS_RUNNING)
    .where('delFlag', '=', 0)
    .where('nextFireTime', 'is', null)
    .execute();
  for (const row of rows) {
    const next = nextFireAfter(row.cronExpression, now);
    if (!next) continue;
    await db
      .updateTable('sys_quartz_job')
      .set({ nextFireTime: next })
      .where('id', '=', row.id)
      .where('nextFireTime', 'is', null)
      .execute();
  }
}

/** The earliest fire time of any running job, or null. */
export async function earliestFireTime(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('sys_quartz_job')
    .select((eb) => eb.fn.min('nextFireTime').as('at'))
    .where('status', '=', STATUS_RUNNING)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  const at = row?.at as Date | string | null | undefined;
  return at ? new Date(at) : null;
}

export interface RunRecord {
  readonly jobId: string;
  readonly fireTime: Date;
  readonly startTime: Date;
  readonly endTime: Date;
  readonly result: RunResult;
  readonly error: string | null;
  readonly trigger: RunTrigger;
}

export async function writeRunLog(db: Db, run: RunRecord): Promise<string> {
  const id = newId();
  await db
    .insertInto('sys_quartz_job_log')
    .values({ id, ...run, error: run.error === null ? null : run.error.slice(0, ERROR_CLIP) })
    .execute();
  return id;
}
