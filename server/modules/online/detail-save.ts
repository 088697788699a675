import type { QueryExecutorProvider } from 'kysely';
import { failure } from '../../http/errors';
import type { SqlValue } from './coerce';
import { deleteDetailRows, deleteDetailsOf, detailIdsOf, repeatedValues } from './detail-queries';
import {
  planDetail,
  rowHolding,
  rowMessage,
  type CheckedDetailRow,
  type DetailInput,
  type DetailPlan,
} from './detail-rows';
import { attachRowFiles, resolveFileValues } from './file-values';
import { insertRows, updateRow } from './queries';
import type { DetailTable, OnlineTable } from './table';
import { duplicateMessage, uniqueColumns } from './validate';

/**
 * The detail tables' part of a master-detail save or delete, run inside the master's
 * transaction: a refusal anywhere rolls back the master and every detail with it. Files of the
 * rows are checked and attached to the master's page like the master's (file-values.ts).
 */

type Trx = QueryExecutorProvider;

/** The detail with its foreign key writable: how new rows get their master. */
function withForeignKey(detail: DetailTable): DetailTable {
  return { ...detail, writable: [...detail.writable, detail.foreignKey] };
}

/**
 * A value of a unique column the table now holds twice: one of this save's rows repeats a row
 * of another master (two rows of the array repeating each other were refused before writing).
 */
async function checkUniqueInTable(trx: Trx, plan: DetailPlan): Promise<void> {
  const { detail } = plan;
  const rows = [...plan.updates, ...plan.inserts];
  for (const column of uniqueColumns(detail)) {
    const k = detail.writable.indexOf(column);
    const values = rows
      .map((row) => row.values[k])
      .filter((v): v is Exclude<SqlValue, null> => v !== undefined && v !== null);
    if (values.length === 0) continue;
    const [repeated] = await repeatedValues(trx, detail, column, values);
    if (repeated === undefined) continue;
    const value: SqlValue = repeated;
    const row = rowHolding(plan, column, value);
    const message = duplicateMessage(column, value);
    throw failure(row ? rowMessage(detail, row.rowNo, message) : `${detail.title}：${message}`);
  }
}

/** The plan with its rows' files found in sys_file; refuses the first row naming another. */
async function withFiles(trx: Trx, plan: DetailPlan): Promise<DetailPlan> {
  const { detail } = plan;
  const rows: readonly CheckedDetailRow[] = [...plan.updates, ...plan.inserts];
  const resolved = await resolveFileValues(
    trx,
    detail,
    rows.map((row) => row.values),
  );
  const values = resolved.map((result, i) => {
    if (!result.ok) throw failure(rowMessage(detail, rows[i]!.rowNo, result.message));
    return result.values;
  });
  const updates = plan.updates.map((row, i) => ({ ...row, values: values[i]! }));
  const offset = plan.updates.length;
  const inserts = plan.inserts.map((row, i) => ({ ...row, values: values[offset + i]! }));
  return { ...plan, updates, inserts };
}

async function saveDetail(
  trx: Trx,
  input: DetailInput,
  masterId: string,
  username: string,
  timeZone: string,
): Promise<void> {
  const existing = await detailIdsOf(trx, input.detail, masterId);
  const plan = await withFiles(trx, planDetail(input, existing, timeZone));
  const { detail } = plan;
  await deleteDetailRows(trx, detail, masterId, plan.deletes);
  for (const row of plan.updates) await updateRow(trx, detail, row.id, row.values, username);
  if (plan.inserts.length > 0) {
    const rows = plan.inserts.map((row) => [...row.values, masterId]);
    await insertRows(trx, withForeignKey(detail), rows, username, true);
  }
  await attachRowFiles(
    trx,
    detail,
    [...plan.updates, ...plan.inserts].map((row) => row.values),
  );
  await checkUniqueInTable(trx, plan);
}

/**
 * Brings each detail in `inputs` in line with its array for this master: rows of the master
 * the array names are updated, other rows inserted with the master's id as foreign key, rows
 * of the master the array leaves out deleted.
 */
export async function saveDetails(
  trx: Trx,
  inputs: readonly DetailInput[],
  masterId: string,
  username: string,
  timeZone: string,
): Promise<void> {
  for (const input of inputs) await saveDetail(trx, input, masterId, username, timeZone);
}

/** Deletes the detail rows of the masters (with the masters, in their transaction). */
export async function deleteDetailsOfMasters(
  trx: Trx,
  table: OnlineTable,
  masterIds: readonly string[],
): Promise<void> {
  for (const detail of table.details) await deleteDetailsOf(trx, detail, masterIds);
}
