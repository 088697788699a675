import { sql } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { dictFields } from '../dict/dict-text';
import { HANDLER_DICT_CODE } from './handler-dict';

/** 定时任务 reads: the job list, one job, a job's run log; within the caller's row scope. */

export const QUARTZ_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    jobName: { column: 'job_name', type: 'string' },
    jobClassName: { column: 'job_class_name', type: 'string' },
    cronExpression: { column: 'cron_expression', type: 'string' },
    description: { column: 'description', type: 'string' },
    status: { column: 'status', type: 'integer' },
    nextFireTime: { column: 'next_fire_time', type: 'datetime' },
    createBy: { column: 'create_by', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
});

export const QUARTZ_DICT_FIELDS = dictFields({
  status: 'quartz_status',
  jobClassName: HANDLER_DICT_CODE,
});

export const QUARTZ_SCOPE: ScopedEntity = {
  table: 'sys_quartz_job',
  menuCode: 'quartz:list',
  fields: QUARTZ_ENTITY,
  from: sql.table('sys_quartz_job'),
  key: sql.ref('id'),
};

export type QuartzJobRow = {
  readonly id: string;
  readonly jobName: string;
  readonly jobClassName: string;
  readonly cronExpression: string;
  readonly parameter: string | null;
  readonly description: string | null;
  /** Numbers as text, as the dictionary's values are. */
  readonly status: string;
  readonly nextFireTime: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
};

type RawRow = Omit<QuartzJobRow, 'status' | 'nextFireTime' | 'createTime'> & {
  status: number;
  nextFireTime: Date | null;
  createTime: Date | null;
};

const SELECT = sql`id, job_name as "jobName", job_class_name as "jobClassName",
  cron_expression as "cronExpression", parameter, description, status,
  next_fire_time as "nextFireTime", create_by as "createBy", create_time as "createTime"`;
const LIVE = sql<boolean>`del_flag = 0`;

const present = (row: RawRow, timeZone: string): QuartzJobRow => ({
  ...row,
  status: String(row.status),
  nextFireTime: formatDateTime(row.nextFireTime, timeZone),
  createTime: formatDateTime(row.createTime, timeZone),
});

export async function listJobs(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<QuartzJobRow>> {
  const query = translateListQuery(params, QUARTZ_ENTITY, options);
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    { select: SELECT, from: QUARTZ_SCOPE.from, where: scope.and(LIVE) },
    query,
  );
  return { ...page, records: page.records.map((r) => present(r, options.timeZone)) };
}

/** One job (not deleted), or null; one the scope keeps out is refused. */
export async function jobById(
  db: Db,
  id: string,
  scope: RowScope,
  timeZone: string,
): Promise<QuartzJobRow | null> {
  const { rows } = await sql<RawRow>`select ${SELECT} from sys_quartz_job
    where id = ${id} and ${LIVE}`.execute(db.withoutPlugins());
  if (!rows[0]) return null;
  await scope.checkOne(rows[0].id);
  return present(rows[0], timeZone);
}

export const QUARTZ_LOG_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    fireTime: { column: 'fire_time', type: 'datetime' },
    startTime: { column: 'start_time', type: 'datetime' },
    endTime: { column: 'end_time', type: 'datetime' },
    result: { column: 'result', type: 'string' },
    trigger: { column: 'trigger', type: 'string' },
  },
  defaultSort: [{ field: 'startTime', order: 'desc' }],
  extraParams: ['jobId'],
});

export type QuartzLogRow = {
  readonly id: string;
  readonly jobId: string;
  readonly fireTime: string | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly result: string;
  readonly error: string | null;
  readonly trigger: string;
};

type RawLogRow = Omit<QuartzLogRow, 'fireTime' | 'startTime' | 'endTime'> & {
  fireTime: Date;
  startTime: Date;
  endTime: Date | null;
};

const LOG_SELECT = sql`id, job_id as "jobId", fire_time as "fireTime", start_time as "startTime",
  end_time as "endTime", result, error, "trigger"`;

/** The runs of one job, newest first by default. */
export async function listJobLog(
  db: Db,
  jobId: string,
  params: ListParams,
  options: ListQueryOptions,
): Promise<Page<QuartzLogRow>> {
  const query = translateListQuery(params, QUARTZ_LOG_ENTITY, options);
  const page = await runListQuery<RawLogRow>(
    db.withoutPlugins(),
    {
      select: LOG_SELECT,
      from: sql.table('sys_quartz_job_log'),
      where: sql<boolean>`job_id = ${jobId}`,
    },
    query,
  );
  const at = (d: Date | null) => formatDateTime(d, options.timeZone);
  return {
    ...page,
    records: page.records.map((r) => ({
      ...r,
      fireTime: at(r.fireTime),
      startTime: at(r.startTime),
      endTime: at(r.endTime),
    })),
  };
}
