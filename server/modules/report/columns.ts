import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/index';
import { checkReadOnlySelect, compileReportSql, type ReportAccess } from './sql-check';
import { guardCost, paramValues, readOnlyRun, rethrow, type ReportQuery } from './run';
import type { ReportParam } from './store';

/** Names a probe row gets for a result column: a name the report SQL could not have chosen. */
const PROBE = '__report_probe__';

/**
 * The result columns of report SQL (报表配置's 解析SQL), in order. The SQL passes the same check
 * as a run (the caller's tables) and runs the same way (bound parameters, read-only transaction, cost guard), left
 * joined to a one-row probe and cut at one row: the answer has one row even when the SQL
 * finds nothing, so its keys are the columns. Parameters take `self_<name>`, else their
 * default, else ''.
 */
export async function reportColumns(
  db: Db,
  source: string,
  params: readonly ReportParam[],
  access: ReportAccess,
  query: ReportQuery = {},
): Promise<string[]> {
  const compiled = await compileReportSql(source, access).catch(rethrow);
  const values = paramValues(compiled.names, params, query);
  // The newlines keep a trailing `--` comment of the report SQL inside the sub-query.
  const text = `select rp.*, 1 as ${PROBE} from (select 1) as probe left join (\n${compiled.text}\n) as rp on true limit 1`;
  await checkReadOnlySelect(text).catch(rethrow);
  const row = await readOnlyRun(db, async (trx) => {
    await guardCost(trx, text, values);
    const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values));
    return result.rows[0] ?? {};
  });
  return Object.keys(row).filter((name) => name !== PROBE);
}
