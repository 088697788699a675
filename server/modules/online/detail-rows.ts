import { failure } from '../../http/errors';
import { isRecordId } from '../../http/request-schemas';
import type { SqlValue } from './coerce';
import type { RowValues } from './queries';
import type { DetailTable, OnlineColumn, OnlineTable } from './table';
import { checkRecord, duplicateMessage, uniqueColumns, uniqueKey } from './validate';

/**
 * The detail arrays of a master-detail save (`{…master fields, [detail code]: [rows]}`), read
 * and checked before anything is written. Each row is checked with the rules of the master's
 * fields (validate.ts); a refusal names the detail and the row: `采购明细第3行：数量必须是整数`.
 */

/** Rows one detail may hold after a save (and the most its list answers). */
export const MAX_DETAIL_ROWS = 10_000;

export interface DetailRowInput {
  /** 1-based position in the array (the row number of messages). */
  readonly rowNo: number;
  /** The row's id as sent; null for a new row. */
  readonly id: string | null;
  readonly record: Readonly<Record<string, unknown>>;
}

/** One detail present in the body. */
export interface DetailInput {
  readonly detail: DetailTable;
  readonly rows: readonly DetailRowInput[];
}

export interface CheckedDetailRow {
  readonly rowNo: number;
  /** Aligned with `detail.writable`; `undefined` where an update leaves the stored value. */
  readonly values: RowValues;
}

/** What a save does to one detail of one master. */
export interface DetailPlan {
  readonly detail: DetailTable;
  /** Rows of this master the array names, by id. */
  readonly updates: readonly (CheckedDetailRow & { readonly id: string })[];
  /** Rows without an id of this master: inserted with a new id. */
  readonly inserts: readonly CheckedDetailRow[];
  /** Rows of this master the array leaves out. */
  readonly deletes: readonly string[];
}

export const rowMessage = (detail: DetailTable, rowNo: number, message: string) =>
  `${detail.title}第${rowNo}行：${message}`;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A row's id as sent: null when absent or empty (a new row); never trimmed. */
function rowId(detail: DetailTable, rowNo: number, raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (!isRecordId(raw)) throw failure(rowMessage(detail, rowNo, 'id 格式不正确'));
  return raw;
}

function readRows(detail: DetailTable, raw: unknown): DetailRowInput[] {
  if (!Array.isArray(raw)) throw failure(`${detail.title}的数据应为数组`);
  if (raw.length > MAX_DETAIL_ROWS) {
    throw failure(`${detail.title}最多${MAX_DETAIL_ROWS}行，本次提交了${raw.length}行`);
  }
  const seen = new Map<string, number>();
  return raw.map((item: unknown, i) => {
    const rowNo = i + 1;
    if (!isRecord(item)) throw failure(rowMessage(detail, rowNo, '数据格式不正确'));
    const id = rowId(detail, rowNo, item.id);
    if (id !== null) {
      const first = seen.get(id);
      if (first !== undefined) throw failure(rowMessage(detail, rowNo, `与第${first}行重复`));
      seen.set(id, rowNo);
    }
    return { rowNo, id, record: item };
  });
}

/**
 * The details the body holds an array for (a detail it leaves out is not touched), in
 * definition order. Refuses a value that is not an array of objects, or too many rows.
 */
export function detailInputs(
  table: OnlineTable,
  body: Readonly<Record<string, unknown>>,
): DetailInput[] {
  return table.details
    .filter((detail) => Object.hasOwn(body, detail.code))
    .map((detail) => ({ detail, rows: readRows(detail, body[detail.code]) }));
}

/** The master's own fields: the body without the detail arrays. */
export function masterBody(
  table: OnlineTable,
  body: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (!table.details.some((d) => Object.hasOwn(body, d.code))) return body;
  const codes = new Set(table.details.map((d) => d.code));
  return Object.fromEntries(Object.entries(body).filter(([key]) => !codes.has(key)));
}

/** The same value twice in the array, in a column that must not repeat. */
function checkUniqueInArray(detail: DetailTable, rows: readonly CheckedDetailRow[]): void {
  for (const column of uniqueColumns(detail)) {
    const k = detail.writable.indexOf(column);
    const seen = new Set<string>();
    for (const row of rows) {
      const value = row.values[k];
      if (value === undefined || value === null) continue;
      const key = uniqueKey(column, value);
      if (seen.has(key)) {
        throw failure(rowMessage(detail, row.rowNo, duplicateMessage(column, value)));
      }
      seen.add(key);
    }
  }
}

/**
 * Checks every row against the detail's rules. A row whose id is one of this master's rows
 * (`existing`) is an update and, like an edit, changes only the fields it holds; any other row
 * is new and checked whole, whatever id it carries (another master's row is never taken over).
 */
export function planDetail(
  input: DetailInput,
  existing: ReadonlySet<string>,
  timeZone: string,
): DetailPlan {
  const { detail } = input;
  const updates: (CheckedDetailRow & { id: string })[] = [];
  const inserts: CheckedDetailRow[] = [];
  for (const row of input.rows) {
    const update = row.id !== null && existing.has(row.id);
    const { values, errors } = checkRecord(detail, row.record, update ? 'edit' : 'add', timeZone);
    if (errors.length > 0) throw failure(rowMessage(detail, row.rowNo, errors[0]!));
    if (update) updates.push({ rowNo: row.rowNo, values, id: row.id! });
    else inserts.push({ rowNo: row.rowNo, values });
  }
  const kept = new Set(updates.map((u) => u.id));
  checkUniqueInArray(detail, [...updates, ...inserts]);
  return { detail, updates, inserts, deletes: [...existing].filter((id) => !kept.has(id)) };
}

/** The row of the plan that holds `value` in the column (for a duplicate's message). */
export function rowHolding(
  plan: DetailPlan,
  column: OnlineColumn,
  value: SqlValue,
): CheckedDetailRow | undefined {
  const k = plan.detail.writable.indexOf(column);
  const key = uniqueKey(column, value);
  return [...plan.updates, ...plan.inserts].find((row) => {
    const held = row.values[k];
    return held !== undefined && held !== null && uniqueKey(column, held) === key;
  });
}
