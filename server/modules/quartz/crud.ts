import Type, { type Static } from 'typebox';
import { validateCron } from '../../../src/contracts/quartz';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { ID_SCHEMA, MSG_NOT_FOUND, type RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { NullableText } from '../../http/schema-types';
import { newId } from '../../ids';
import type { HandlerRegistry } from './registry';
import { nextFireAfter, STATUS_RUNNING, STATUS_STOPPED } from './store';

/**
 * Writes of 定时任务. A job is saved only when its expression is valid Quartz cron that fires
 * at least once more, its handler is registered and its parameters are JSON the handler's
 * schema accepts. A running job gets its next fire time from now; a stopped one has none.
 */

export const MSG_NEVER_FIRES = '该表达式没有执行时间';
export const MSG_STARTED = '启动成功';
export const MSG_PAUSED = '暂停成功';

const properties = {
  jobName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  jobClassName: Type.String({ minLength: 1, maxLength: 100 }),
  cronExpression: Type.String({ minLength: 1, maxLength: 200 }),
  parameter: NullableText(4000),
  description: NullableText(500),
  /** 0 running, -1 stopped (dictionary quartz_status). Default -1 on add, unchanged on edit. */
  status: Type.Optional(Type.Integer({ minimum: STATUS_STOPPED, maximum: STATUS_RUNNING })),
};

export const QUARTZ_ADD_BODY = Type.Object(properties);
export const QUARTZ_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...properties });
export type QuartzJobInput = Static<typeof QUARTZ_ADD_BODY>;

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** Refuses what cannot be scheduled; answers the cleaned values. */
function checked(input: QuartzJobInput, handlers: HandlerRegistry, now: Date) {
  const cronExpression = input.cronExpression.trim().replace(/\s+/g, ' ');
  const cron = validateCron(cronExpression);
  if (!cron.valid) throw failure(cron.message ?? 'cron表达式不正确');
  const jobClassName = input.jobClassName.trim();
  const parameter = blankToNull(input.parameter);
  handlers.parse(jobClassName, parameter);
  const next = nextFireAfter(cronExpression, now);
  if (!next) throw failure(MSG_NEVER_FIRES);
  return { cronExpression, jobClassName, parameter, next };
}

export async function addJob(
  db: Db,
  input: QuartzJobInput,
  handlers: HandlerRegistry,
  now: Date,
  username: string,
): Promise<string> {
  const { cronExpression, jobClassName, parameter, next } = checked(input, handlers, now);
  const status = input.status ?? STATUS_STOPPED;
  const id = newId();
  await db
    .insertInto('sys_quartz_job')
    .values({
      id,
      jobName: input.jobName.trim(),
      jobClassName,
      cronExpression,
      parameter,
      description: blankToNull(input.description),
      status,
      nextFireTime: status === STATUS_RUNNING ? next : null,
      createBy: username,
    })
    .execute();
  return id;
}

export async function editJob(
  db: Db,
  id: InScope<RecordId>,
  input: QuartzJobInput,
  handlers: HandlerRegistry,
  now: Date,
  username: string,
): Promise<void> {
  const { cronExpression, jobClassName, parameter, next } = checked(input, handlers, now);
  const current = await db
    .selectFrom('sys_quartz_job')
    .select('status')
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!current) throw failure(MSG_NOT_FOUND);
  const status = input.status ?? current.status;
  await db
    .updateTable('sys_quartz_job')
    .set({
      jobName: input.jobName.trim(),
      jobClassName,
      cronExpression,
      parameter,
      ...(input.description === undefined ? {} : { description: blankToNull(input.description) }),
      status,
      nextFireTime: status === STATUS_RUNNING ? next : null,
      updateBy: username,
      updateTime: new Date(),
    })
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .execute();
}

/** 启动 / 暂停: a running job fires next after now; a stopped one never. */
export async function setJobStatus(
  db: Db,
  id: InScope<RecordId>,
  status: typeof STATUS_RUNNING | typeof STATUS_STOPPED,
  now: Date,
  username: string,
): Promise<void> {
  const job = await db
    .selectFrom('sys_quartz_job')
    .select('cronExpression')
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!job) throw failure(MSG_NOT_FOUND);
  let next: Date | null = null;
  if (status === STATUS_RUNNING) {
    next = nextFireAfter(job.cronExpression, now);
    if (!next) throw failure(MSG_NEVER_FIRES);
  }
  await db
    .updateTable('sys_quartz_job')
    .set({ status, nextFireTime: next, updateBy: username, updateTime: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes (del_flag 1, stopped); returns how many. */
export async function deleteJobs(db: Db, ids: readonly InScope<RecordId>[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('sys_quartz_job')
    .set({ delFlag: 1, status: STATUS_STOPPED, nextFireTime: null, updateTime: new Date() })
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
