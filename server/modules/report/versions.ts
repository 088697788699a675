import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { formatDateTime } from '../../http/time';
import type { ReportItem, ReportParam } from './store';

/**
 * The saved versions of a report definition (onl_cgreport_version, migration 0012): one row
 * per save, written with the head in the same transaction. History is never rewritten: going
 * back to an old version is a new save of its content.
 */

/** One saved version in the list (who saved it, when, with which note). */
export interface ReportVersionSummary {
  readonly version: number;
  readonly note: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
}

/** One saved version with its whole definition. */
export interface ReportVersion extends ReportVersionSummary {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly sql: string;
  readonly items: readonly ReportItem[];
  readonly params: readonly ReportParam[];
}

interface VersionRow {
  version: number;
  note: string | null;
  create_by: string | null;
  create_time: Date;
}

const summaryOf = (row: VersionRow, timeZone: string): ReportVersionSummary => ({
  version: row.version,
  note: row.note,
  createBy: row.create_by,
  createTime: formatDateTime(row.create_time, timeZone),
});

/** The versions of a report, newest first; null when the report does not exist. */
export async function listReportVersions(
  db: Db,
  id: string,
  timeZone: string,
): Promise<ReportVersionSummary[] | null> {
  const raw = db.withoutPlugins();
  const head = await sql`select 1 from onl_cgreport_head where id = ${id}`.execute(raw);
  if (head.rows.length === 0) return null;
  const { rows } = await sql<VersionRow>`
    select version, note, create_by, create_time from onl_cgreport_version
    where head_id = ${id} order by version desc`.execute(raw);
  return rows.map((row) => summaryOf(row, timeZone));
}

/** One version of a report with its definition; null when the report or the version is not. */
export async function reportVersion(
  db: Db,
  id: string,
  version: number,
  timeZone: string,
): Promise<ReportVersion | null> {
  const { rows } = await sql<
    VersionRow & {
      head_id: string;
      code: string;
      name: string;
      sql: string;
      items: ReportItem[];
      params: ReportParam[];
    }
  >`
    select head_id, version, code, name, cgr_sql as "sql", items, params, note, create_by,
      create_time
    from onl_cgreport_version where head_id = ${id} and version = ${version}`.execute(
    db.withoutPlugins(),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.head_id,
    code: row.code,
    name: row.name,
    sql: row.sql,
    items: row.items,
    params: row.params,
    ...summaryOf(row, timeZone),
  };
}
