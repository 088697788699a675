import { CompiledQuery, sql, type Transaction } from 'kysely';
import {
  boundedQueries,
  isQueryCanceled,
  remainingBudgetMs,
  USER_QUERY_BUDGET_MS,
} from '../../db/bounded';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { failure } from '../../http/errors';
import { reportRoleOf } from './report-role';
import {
  checkReadOnlySelect,
  compileReportSql,
  ReportSqlError,
  type ReportAccess,
} from './sql-check';
import type { ReportDefinition, ReportParam } from './store';

/** Rows one page may hold, whatever the caller asks. */
export const REPORT_MAX_PAGE_SIZE = 1000;
/** A report's statements may run this long in all, on both databases (server/db/bounded.ts). */
export const REPORT_TIMEOUT_MS = USER_QUERY_BUDGET_MS;
/**
 * A planner cost above this is refused before it runs, sparing the database a statement the
 * time bound would end anyway: a full scan and sort of a 100,000-row table stays far below
 * it; a cross join of two large series goes far above. (The planner cannot see every cost —
 * set-returning functions count 1,000 rows — so the time bound is the guard, this a shortcut.)
 */
export const REPORT_MAX_COST = 10_000_000;
/**
 * A plan step the planner expects to yield more rows than this is refused the same way:
 * `generate_series(1, 200000000)` is cheap per row but would run past the time bound.
 */
export const REPORT_MAX_PLAN_ROWS = 5_000_000;
/** Where a report's table names are looked up: `report_safe` (views without secrets) first. */
export const REPORT_SEARCH_PATH = 'report_safe, public';

export const MSG_REPORT_TIMEOUT = '报表查询超时，请缩小查询条件后重试';
export const MSG_REPORT_FAILED = '报表查询出错，请检查报表SQL';
export const MSG_REPORT_SORT = '只能按报表列排序';

export interface ReportQuery {
  readonly [key: string]: string | undefined;
}

export interface ReportPage {
  readonly records: Record<string, unknown>[];
  readonly total: number;
  readonly current: number;
  readonly size: number;
  readonly pages: number;
}

/** Double-quoted identifier; callers pass only names checked against the definition. */
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The values of the SQL's `${name}` parameters: `self_<name>`, else the default, else ''. */
export function paramValues(
  names: readonly string[],
  params: readonly ReportParam[],
  query: ReportQuery,
): unknown[] {
  return names.map((name) => {
    const param = params.find((p) => p.name === name);
    return query[`self_${name}`] ?? param?.default ?? '';
  });
}

/** The two statements a run executes (count and page), with their bound values. */
export interface ReportStatements {
  readonly count: { readonly text: string; readonly values: readonly unknown[] };
  readonly page: { readonly text: string; readonly values: readonly unknown[] };
  readonly current: number;
  readonly size: number;
}

/**
 * A report's statements for a request: its SQL (parameters from `self_<name>`, else their
 * defaults) wrapped in the query-field filters, the sort and the page, all values bound as
 * `$n`. Both pass the read-only check, not only the definition's SQL.
 */
export async function reportStatements(
  report: ReportDefinition,
  query: ReportQuery,
  access: ReportAccess,
): Promise<ReportStatements> {
  const compiled = await compileReportSql(report.sql, access).catch(rethrow);
  const values = paramValues(compiled.names, report.params, query);
  const bind = (value: unknown) => `$${values.push(value)}`;

  const conditions: string[] = [];
  for (const item of report.items) {
    const column = `rp.${quote(item.field)}`;
    if (item.search === 'group') {
      const begin = query[`${item.field}_begin`];
      const end = query[`${item.field}_end`];
      if (begin) conditions.push(`${column} >= ${bind(begin)}`);
      if (end) conditions.push(`${column} <= ${bind(end)}`);
    } else if (item.search === 'single') {
      const value = query[item.field];
      if (!value) continue;
      if (item.dictCode) conditions.push(`${column}::text = ${bind(value)}`);
      else
        conditions.push(`${column}::text ilike ${bind(`%${value.replace(/[\\%_]/g, '\\$&')}%`)}`);
    }
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';

  let orderBy = '';
  if (query.column) {
    const item = report.items.find((i) => i.field === query.column);
    if (!item) throw failure(MSG_REPORT_SORT);
    const direction = query.order === 'asc' ? 'asc' : 'desc';
    orderBy = `order by rp.${quote(item.field)} ${direction}`;
  }

  const size = Math.min(positiveInt(query.pageSize, 10), REPORT_MAX_PAGE_SIZE);
  const current = positiveInt(query.pageNo, 1);
  // The newlines keep a trailing `--` comment of the report SQL inside the sub-query.
  const from = `from (\n${compiled.text}\n) as rp ${where}`;
  const countText = `select count(*) as total ${from}`;
  const countValues = [...values];
  const pageText = `select rp.* ${from} ${orderBy} limit ${bind(size)} offset ${bind((current - 1) * size)}`;

  await checkReadOnlySelect(countText).catch(rethrow);
  await checkReadOnlySelect(pageText).catch(rethrow);
  return {
    count: { text: countText, values: countValues },
    page: { text: pageText, values },
    current,
    size,
  };
}

/**
 * Runs a report: its statements in one read-only transaction with a statement timeout, after
 * the planner-cost guard, reading only the tables `access` allows (readable.ts).
 */
export async function runReport(
  db: Db,
  report: ReportDefinition,
  query: ReportQuery,
  access: ReportAccess,
): Promise<ReportPage> {
  const { count, page, current, size } = await reportStatements(report, query, access);
  return readOnlyRun(db, async (trx) => {
    await guardCost(trx, count.text, [...count.values]);
    await guardCost(trx, page.text, [...page.values]);
    const counted = await trx.executeQuery<{ total: number }>(
      CompiledQuery.raw(count.text, [...count.values]),
    );
    const total = Number(counted.rows[0]?.total ?? 0);
    const rows = await trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(page.text, [...page.values]),
    );
    return { records: rows.rows, total, current, size, pages: Math.ceil(total / size) };
  });
}

type ReportTransaction = Transaction<Database>;

/**
 * Runs report statements in one read-only transaction, bounded (REPORT_TIMEOUT_MS for all of
 * them: the embedded database's watchdog, PostgreSQL's statement timeout set to what is left),
 * with the report search path and, on a PostgreSQL server, as the restricted report role
 * (report-role.ts); failures answer as `rethrow` says (never the SQL).
 */
export async function readOnlyRun<T>(
  db: Db,
  work: (trx: ReportTransaction) => Promise<T>,
): Promise<T> {
  try {
    return await boundedQueries(
      () =>
        db
          .withoutPlugins()
          .transaction()
          .execute(async (trx) => {
            await sql`set transaction read only`.execute(trx);
            const left = remainingBudgetMs() ?? REPORT_TIMEOUT_MS;
            await sql.raw(`set local statement_timeout = ${left}`).execute(trx);
            await sql.raw(`set local search_path = ${REPORT_SEARCH_PATH}`).execute(trx);
            const role = reportRoleOf(db);
            if (role) await sql.raw(`set local role ${role}`).execute(trx);
            return work(trx);
          }),
      REPORT_TIMEOUT_MS,
    );
  } catch (error) {
    return rethrow(error);
  }
}

/** What a caller is told: the check's reason, the timeout, or a message without the SQL. */
export function rethrow(error: unknown): never {
  if (error instanceof ReportSqlError) throw failure(error.message);
  if (isQueryCanceled(error)) throw failure(MSG_REPORT_TIMEOUT);
  if ((error as { name?: string }).name === 'AppError') throw error;
  throw failure(MSG_REPORT_FAILED);
}

interface PlanNode {
  readonly 'Total Cost'?: number;
  readonly 'Plan Rows'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** The most rows any step of the plan is expected to yield. */
function maxPlanRows(node: PlanNode | undefined): number {
  if (!node) return 0;
  return Math.max(node['Plan Rows'] ?? 0, ...(node.Plans ?? []).map(maxPlanRows));
}

/**
 * Refuses a statement whose planned cost, or the rows of one of its steps, is beyond what
 * could run in time.
 */
export async function guardCost<T>(trx: Transaction<T>, text: string, values: unknown[]) {
  const plan = await trx.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    CompiledQuery.raw(`explain (format json) ${text}`, values),
  );
  const root = plan.rows[0]?.['QUERY PLAN'][0]?.Plan;
  const cost = root?.['Total Cost'] ?? 0;
  if (cost > REPORT_MAX_COST || maxPlanRows(root) > REPORT_MAX_PLAN_ROWS) {
    throw failure(MSG_REPORT_TIMEOUT);
  }
}
