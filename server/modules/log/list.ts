import { sql } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { LogChange } from '../../../src/contracts/system-log';
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

/**
 * 日志管理 (`GET /sys/log/list`, jeecg-api.md §4.14): the login log (`logType=1`) and the
 * operation log (`logType=2`), newest first, searchable by user, time range, module (route or
 * table) and target id, within the caller's data rules on 日志管理. A list row leaves out the
 * changes; `queryById` answers them for 详情.
 */

export const LOG_ENTITY = defineListEntity({
  fields: {
    id: { column: 'l.id', type: 'string', sortable: false },
    logType: { column: 'l.log_type', type: 'integer' },
    event: { column: 'l.event', type: 'string' },
    operateType: { column: 'l.operate_type', type: 'integer' },
    logContent: { column: 'l.log_content', type: 'string', sortable: false },
    userid: { column: 'l.userid', type: 'string', sortable: false },
    username: { column: 'l.username', type: 'string' },
    ip: { column: 'l.ip', type: 'string' },
    method: { column: 'l.method', type: 'string' },
    requestType: { column: 'l.request_type', type: 'string' },
    permissionCode: { column: 'l.permission_code', type: 'string' },
    targetTable: { column: 'l.target_table', type: 'string' },
    targetId: { column: 'l.target_id', type: 'string' },
    changeCount: { column: 'l.change_count', type: 'integer' },
    createTime: { column: 'l.create_time', type: 'datetime' },
  },
  defaultSort: [{ field: 'createTime', order: 'desc' }],
});

export const LOG_SCOPE: ScopedEntity = {
  table: 'sys_log',
  menuCode: 'log:list',
  fields: LOG_ENTITY,
  from: sql`sys_log l`,
  key: sql.ref('l.id'),
};

export interface LogRow {
  readonly id: string;
  readonly logType: number;
  readonly event: string | null;
  readonly operateType: number | null;
  readonly logContent: string;
  readonly userid: string | null;
  readonly username: string | null;
  readonly ip: string | null;
  readonly method: string | null;
  readonly requestUrl: string | null;
  readonly requestType: string | null;
  readonly permissionCode: string | null;
  readonly targetTable: string | null;
  readonly targetId: string | null;
  readonly changeCount: number;
  readonly changesTruncated: boolean;
  readonly createTime: string | null;
}

export interface LogDetail extends LogRow {
  readonly changes: readonly LogChange[];
}

type Raw<T> = Omit<T, 'createTime'> & { createTime: Date };

const COLUMNS = sql`l.id, l.log_type as "logType", l.event, l.operate_type as "operateType",
  l.log_content as "logContent", l.userid, l.username, l.ip, l.method,
  l.request_url as "requestUrl", l.request_type as "requestType",
  l.permission_code as "permissionCode", l.target_table as "targetTable",
  l.target_id as "targetId", l.change_count as "changeCount",
  l.changes_truncated as "changesTruncated", l.create_time as "createTime"`;

export async function listLogs(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<LogRow>> {
  const query = translateListQuery(params, LOG_ENTITY, options);
  const page = await runListQuery<Raw<LogRow>>(
    db.withoutPlugins(),
    { select: COLUMNS, from: LOG_SCOPE.from, where: scope.and() },
    query,
  );
  return {
    ...page,
    records: page.records.map((row) => ({
      ...row,
      createTime: formatDateTime(row.createTime, options.timeZone),
    })),
  };
}

/** One row with its changes, within the caller's rules; null when not there or not theirs. */
export async function logById(
  db: Db,
  id: string,
  scope: RowScope,
  timeZone: string,
): Promise<LogDetail | null> {
  const { rows } = await sql<Raw<LogDetail>>`
    select ${COLUMNS}, coalesce(l.changes, '[]'::jsonb) as changes
    from ${LOG_SCOPE.from} where l.id = ${id} and ${scope.and()}`.execute(db.withoutPlugins());
  const row = rows[0];
  return row ? { ...row, createTime: formatDateTime(row.createTime, timeZone) } : null;
}
