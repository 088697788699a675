import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { newId } from '../../ids';
import { compileReportSql, ReportSqlError, type ReportAccess } from './sql-check';

/** One column of a report (the reference's onl_cgreport_item). */
export interface ReportItem {
  /** Column name in the report SQL's result. */
  readonly field: string;
  readonly title: string;
  readonly width?: number;
  /** System dictionary translating the values. */
  readonly dictCode?: string;
  /** A query field: `single` (contains / equals), `group` (a `_begin`/`_end` range). */
  readonly search?: 'single' | 'group';
  /** The list may sort on it. */
  readonly order?: boolean;
  /** Hidden columns are fetched but not shown (false); shown by default. */
  readonly show?: boolean;
}

/** A `${name}` parameter of the report SQL, filled from `self_<name>`. */
export interface ReportParam {
  readonly name: string;
  readonly title: string;
  readonly default?: string;
}

export interface ReportDefinition {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly sql: string;
  readonly items: readonly ReportItem[];
  readonly params: readonly ReportParam[];
  readonly version: number;
  /** Who saved it last (its runs read what they may read); absent on a draft. */
  readonly author?: string | null;
}

export type ReportInput = Omit<ReportDefinition, 'id' | 'version' | 'author'>;

export const MSG_REPORT_NOT_FOUND = '报表不存在';
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface HeadRow {
  id: string;
  code: string;
  name: string;
  sql: string;
  items: ReportItem[];
  params: ReportParam[];
  version: number;
  author: string | null;
}

async function reportWhere(db: Db, column: 'id' | 'code', value: string) {
  const { rows } = await sql<HeadRow>`
    select id, code, name, cgr_sql as "sql", items, params, version,
      coalesce(update_by, create_by) as author
    from onl_cgreport_head where ${sql.ref(column)} = ${value}`.execute(db.withoutPlugins());
  return rows[0] ?? null;
}

export const reportById = (db: Db, id: string) => reportWhere(db, 'id', id);
export const reportByCode = (db: Db, code: string) => reportWhere(db, 'code', code);

/**
 * Refuses a definition that could not run safely: SQL outside the read-only check, column or
 * parameter names that are not plain identifiers (they are quoted into the statement the
 * runner builds), a `${name}` without its declared parameter.
 */
export async function validateReport(input: ReportInput, access: ReportAccess): Promise<void> {
  if (!IDENTIFIER.test(input.code)) throw new ReportSqlError('报表编码只能包含字母、数字和下划线');
  const fields = new Set<string>();
  for (const item of input.items) {
    if (!IDENTIFIER.test(item.field)) throw new ReportSqlError(`报表列名 ${item.field} 不合法`);
    if (fields.has(item.field)) throw new ReportSqlError(`报表列名 ${item.field} 重复`);
    fields.add(item.field);
  }
  const declared = new Set(input.params.map((p) => p.name));
  for (const param of input.params) {
    if (!IDENTIFIER.test(param.name)) throw new ReportSqlError(`报表参数 ${param.name} 不合法`);
  }
  const { names } = await compileReportSql(input.sql, access);
  for (const name of names) {
    if (!declared.has(name)) throw new ReportSqlError(`报表参数 \${${name}} 未声明`);
  }
}

/** Writes the version row of a saved definition (inside the save's transaction). */
async function insertVersion(
  tx: Db,
  headId: string,
  version: number,
  input: ReportInput,
  username: string,
  note: string | null,
): Promise<void> {
  await sql`
    insert into onl_cgreport_version
      (id, head_id, version, code, name, cgr_sql, items, params, note, create_by)
    values (${newId()}, ${headId}, ${version}, ${input.code}, ${input.name}, ${input.sql},
      ${JSON.stringify(input.items)}, ${JSON.stringify(input.params)}, ${note}, ${username})`.execute(
    tx,
  );
}

const noteOf = (note: string | null | undefined) => (note?.trim() ? note.trim() : null);

/** Adds a definition (version 1, with its version row) after the checks; answers its id. */
export async function addReport(
  db: Db,
  input: ReportInput,
  username: string,
  access: ReportAccess,
  note?: string | null,
): Promise<string> {
  await validateReport(input, access);
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await sql`
      insert into onl_cgreport_head (id, code, name, cgr_sql, items, params, create_by)
      values (${id}, ${input.code}, ${input.name}, ${input.sql}, ${JSON.stringify(input.items)},
        ${JSON.stringify(input.params)}, ${username})`.execute(tx);
    await insertVersion(tx, id, 1, input, username, noteOf(note));
  });
  return id;
}

/**
 * Replaces a definition after the checks, raising its version and keeping the new version in
 * the history, in one transaction. False when it is gone or no longer at `version` (saved by
 * someone else meanwhile).
 */
export async function editReport(
  db: Db,
  id: string,
  input: ReportInput,
  username: string,
  version: number,
  access: ReportAccess,
  note?: string | null,
): Promise<boolean> {
  await validateReport(input, access);
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ version: number }>`
      update onl_cgreport_head set code = ${input.code}, name = ${input.name},
        cgr_sql = ${input.sql}, items = ${JSON.stringify(input.items)},
        params = ${JSON.stringify(input.params)}, version = version + 1,
        update_by = ${username}, update_time = now()
      where id = ${id} and version = ${version}
      returning version`.execute(tx);
    const saved = rows[0];
    if (!saved) return false;
    await insertVersion(tx, id, saved.version, input, username, noteOf(note));
    return true;
  });
}

/** Deletes a definition; its versions go with it (on delete cascade). */
export async function deleteReport(db: Db, id: string): Promise<boolean> {
  const result = await sql`delete from onl_cgreport_head where id = ${id}`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export interface ReportListQuery {
  readonly pageNo: number;
  readonly pageSize: number;
  /** Contained in the code / the name (case-insensitive). */
  readonly code: string | null;
  readonly name: string | null;
}

export interface ReportSummary {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly version: number;
  readonly updateTime: string | null;
}

const likeOf = (text: string | null) =>
  text === null ? null : `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A page of definitions, newest first (jeecg's `{ records, total, size, current, pages }`). */
export async function listReports(db: Db, query: ReportListQuery) {
  const code = likeOf(query.code);
  const name = likeOf(query.name);
  const filter = sql`(${code}::text is null or code ilike ${code})
    and (${name}::text is null or name ilike ${name})`;
  const count = await sql<{ total: number }>`
    select count(*) as total from onl_cgreport_head where ${filter}`.execute(db);
  const total = Number(count.rows[0]?.total ?? 0);
  const { rows } = await sql<ReportSummary>`
    select id, code, name, version,
      to_char(coalesce(update_time, create_time), 'YYYY-MM-DD HH24:MI:SS') as "updateTime"
    from onl_cgreport_head where ${filter}
    order by coalesce(update_time, create_time) desc, code
    limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`.execute(db);
  return {
    records: rows,
    total,
    size: query.pageSize,
    current: query.pageNo,
    pages: Math.ceil(total / query.pageSize),
  };
}
