/**
 * Row bookkeeping (§3 "Grid row", §4 "Grid rows"): the rows in display order and the saved rows
 * removed since the data was loaded. New rows are the ones with a temporary id; removing a new
 * row leaves no trace. Every function returns a new book and keeps untouched rows as they are.
 */
import type { GridRow } from '../types';
import { keyOf, withKeys } from './row-key';
import { isTempId, stripTempId } from './temp-id';

export interface RowBook {
  /** Rows in display order, each with a key (temporary for new rows). */
  readonly rows: readonly GridRow[];
  /** Saved rows removed since the last load, in removal order. */
  readonly removed: readonly GridRow[];
}

export function loadBook(rows: readonly GridRow[], rowKey: string): RowBook {
  return { rows: withKeys(rows, rowKey), removed: [] };
}

/** Rows added at `index` (default: the end). */
export function insertRows(book: RowBook, added: readonly GridRow[], index?: number): RowBook {
  const at =
    index === undefined ? book.rows.length : Math.max(0, Math.min(index, book.rows.length));
  return { ...book, rows: [...book.rows.slice(0, at), ...added, ...book.rows.slice(at)] };
}

/**
 * The ids `removeRows` was given: a row id or a list of them. Anything else is the caller's bug
 * and throws an error naming removeRows (§5, §8).
 */
export function removeIdsOf(arg: unknown): string[] {
  if (typeof arg === 'string') return [arg];
  if (Array.isArray(arg)) return arg.map((id) => String(id));
  throw new TypeError(
    `removeRows 的参数必须是行 id（字符串）或行 id 数组，收到的是 ${arg === null ? 'null' : typeof arg}`,
  );
}

/** The book without the rows of these ids; the saved ones are recorded as removed. */
export function removeRows(
  book: RowBook,
  ids: readonly string[],
  rowKey: string,
): { book: RowBook; removedRows: GridRow[] } {
  const wanted = new Set(ids);
  const kept: GridRow[] = [];
  const removedRows: GridRow[] = [];
  for (const row of book.rows) (wanted.has(keyOf(row, rowKey)) ? removedRows : kept).push(row);
  if (removedRows.length === 0) return { book, removedRows };
  const saved = removedRows.filter((row) => !isTempId(row[rowKey]));
  return { book: { rows: kept, removed: [...book.removed, ...saved] }, removedRows };
}

/** The book with rows replaced by id (rows not in the book are ignored). */
export function replaceRows(book: RowBook, changed: readonly GridRow[], rowKey: string): RowBook {
  if (changed.length === 0) return book;
  const byId = new Map(changed.map((row) => [keyOf(row, rowKey), row]));
  let touched = false;
  const rows = book.rows.map((row) => {
    const next = byId.get(keyOf(row, rowKey));
    if (next === undefined || next === row) return row;
    touched = true;
    return next;
  });
  return touched ? { ...book, rows } : book;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rows patched with values by id (§2.12 sync, `setValues`); returns the ids really changed. */
export function patchRows(
  book: RowBook,
  patches: readonly { rowKey: string; values: GridRow }[],
  rowKey: string,
): { book: RowBook; changedIds: string[] } {
  const byId = new Map<string, GridRow>();
  for (const p of patches) byId.set(p.rowKey, { ...byId.get(p.rowKey), ...p.values });
  const changedIds: string[] = [];
  const rows = book.rows.map((row) => {
    const id = keyOf(row, rowKey);
    const values = byId.get(id);
    if (!values) return row;
    changedIds.push(id);
    // The key itself never changes through a patch; a sync status is merged, not replaced.
    const next: GridRow = { ...row, ...values, [rowKey]: row[rowKey] };
    if (isObject(row.tug_status) && isObject(values.tug_status)) {
      next.tug_status = { ...row.tug_status, ...values.tug_status };
    }
    return next;
  });
  return { book: changedIds.length ? { ...book, rows } : book, changedIds };
}

/** Rows as handed out: temporary ids taken off. */
export function outputRows(rows: readonly GridRow[], rowKey: string): GridRow[] {
  return rows.map((row) => stripTempId(row, rowKey));
}

/** New rows (not saved yet), temporary ids taken off. */
export function insertedRows(book: RowBook, rowKey: string): GridRow[] {
  return outputRows(
    book.rows.filter((row) => isTempId(row[rowKey])),
    rowKey,
  );
}

/** Ids of the saved rows removed since the last load. */
export function deleteIds(book: RowBook, rowKey: string): string[] {
  return book.removed.map((row) => keyOf(row, rowKey));
}
