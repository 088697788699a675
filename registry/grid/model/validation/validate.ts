/**
 * Validating grid cells (§5): the first failing check of a cell gives its message. Columns
 * without a handler run in a tight synchronous loop (no closures or objects per cell; unique
 * values counted in one Map pass per column); only columns with a handler take the async path.
 */
import type { CellError, GridRow } from '../../types';
import { keyOf } from '../row-key';
import { CheckKind, type Check, type CompiledColumn } from './compile';

/** Messages of failing cells: row id → column key → message. */
export type ErrorIndex = ReadonlyMap<string, ReadonlyMap<string, string>>;

export const NO_ERRORS: ErrorIndex = new Map();

export interface ValidationResult {
  /** Failing cells in row order, then column order. */
  readonly errors: CellError[];
  readonly index: ErrorIndex;
}

/**
 * `isEmptyValue` without allocating for the common case: text starting with a visible ASCII
 * character is never blank, so only other text is trimmed.
 */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'string') {
    const first = value.charCodeAt(0);
    if (first > 32 && first < 127) return false;
    return value.trim() === '';
  }
  return Array.isArray(value) && value.length === 0;
}

/** A value as the text patterns and unique counts compare. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** Two values that clash for a unique rule (empty values never do). */
export function sameUniqueValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return false;
  return textOf(a) === textOf(b);
}

/**
 * The values held more than once in the column (empty values never count). Usually none, and
 * then the unique check needs no lookups at all.
 */
function clashingValues(rows: readonly GridRow[], key: string): Set<string> {
  const seen = new Set<string>();
  const clashing = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i][key];
    if (isEmpty(v)) continue;
    const t = textOf(v);
    if (seen.has(t)) clashing.add(t);
    else seen.add(t);
  }
  return clashing;
}

/** Whether one synchronous check fails (empty values only fail `required`). */
function fails(ch: Check, value: unknown, empty: boolean, clashing: Set<string> | null): boolean {
  if (ch.kind === CheckKind.Required) return empty;
  if (empty) return false;
  if (ch.kind === CheckKind.Unique) {
    return clashing !== null && clashing.size > 0 && clashing.has(textOf(value));
  }
  return ch.regex !== null && !ch.regex.test(textOf(value));
}

/** The first failing synchronous check from `from` on, or where the next handler sits. */
function firstSyncFailure(
  checks: readonly Check[],
  value: unknown,
  clashing: Set<string> | null,
  from: number,
): { message: string | null; handlerAt: number } {
  const empty = isEmpty(value);
  for (let c = from; c < checks.length; c++) {
    const ch = checks[c];
    if (ch.kind === CheckKind.Handler) return { message: null, handlerAt: c };
    if (fails(ch, value, empty, clashing)) return { message: ch.message, handlerAt: -1 };
  }
  return { message: null, handlerAt: -1 };
}

/** One cell through every check, awaiting handlers in their turn. */
async function cellMessage(
  compiled: CompiledColumn,
  row: GridRow,
  rows: readonly GridRow[],
  clashing: Set<string> | null,
): Promise<string | null> {
  const { checks, column, key } = compiled;
  const value = row[key];
  let from = 0;
  while (from < checks.length) {
    const { message, handlerAt } = firstSyncFailure(checks, value, clashing, from);
    if (message !== null) return message;
    if (handlerAt < 0) return null;
    const ch = checks[handlerAt];
    try {
      const answer = await ch.handler?.({ value, row, column, rows });
      if (answer) return answer;
    } catch {
      // A handler that fails counts as the rule failing.
      return ch.message;
    }
    from = handlerAt + 1;
  }
  return null;
}

class ErrorCollector {
  readonly errors: CellError[] = [];
  readonly index = new Map<string, Map<string, string>>();
  /** Errors were added out of row order (async columns): sort before handing out. */
  unordered = false;

  add(error: CellError): void {
    this.errors.push(error);
    let byKey = this.index.get(error.rowId);
    if (!byKey) {
      byKey = new Map();
      this.index.set(error.rowId, byKey);
    }
    byKey.set(error.key, error.message);
  }

  result(order: readonly CompiledColumn[]): ValidationResult {
    if (this.unordered) {
      const position = new Map(order.map((c, i) => [c.key, i]));
      this.errors.sort(
        (a, b) =>
          a.rowIndex - b.rowIndex || (position.get(a.key) ?? 0) - (position.get(b.key) ?? 0),
      );
    }
    return { errors: this.errors, index: this.index };
  }
}

/** The first failing check of a value (the hot loop: no objects, no closures). */
function syncMessage(
  checks: readonly Check[],
  value: unknown,
  clashing: Set<string> | null,
): string | null {
  const empty = isEmpty(value);
  for (let c = 0; c < checks.length; c++) {
    if (fails(checks[c], value, empty, clashing)) return checks[c].message;
  }
  return null;
}

/**
 * The columns without a handler, column by column (the same key on every row keeps property
 * access fast); errors go into per-row buckets so they come out in row, then column order.
 */
function validateSyncColumns(
  rows: readonly GridRow[],
  columns: readonly CompiledColumn[],
  rowKey: string,
  out: ErrorCollector,
): void {
  let buckets: (CellError[] | undefined)[] | null = null;
  for (const compiled of columns) {
    if (compiled.hasHandler) continue;
    const { key, checks } = compiled;
    const clashing = compiled.hasUnique ? clashingValues(rows, key) : null;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      const message = syncMessage(checks, row[key], clashing);
      if (message === null) continue;
      const error: CellError = { rowId: keyOf(row, rowKey), rowIndex: r, key, message };
      buckets ??= new Array<CellError[] | undefined>(rows.length);
      const bucket = buckets[r];
      if (bucket) bucket.push(error);
      else buckets[r] = [error];
    }
  }
  if (buckets === null) return;
  for (let r = 0; r < buckets.length; r++) {
    const bucket = buckets[r];
    if (bucket) for (const error of bucket) out.add(error);
  }
}

/** Every cell of every ruled column, synchronously; columns with a handler are skipped. */
export function validateAllSync(
  rows: readonly GridRow[],
  columns: readonly CompiledColumn[],
  rowKey: string,
): ValidationResult {
  const out = new ErrorCollector();
  validateSyncColumns(rows, columns, rowKey, out);
  return out.result(columns);
}

/** Every cell of every ruled column; handlers are awaited only for the columns that have one. */
export async function validateAll(
  rows: readonly GridRow[],
  columns: readonly CompiledColumn[],
  rowKey: string,
): Promise<ValidationResult> {
  const out = new ErrorCollector();
  validateSyncColumns(rows, columns, rowKey, out);
  const pending: Promise<void>[] = [];
  for (const compiled of columns) {
    if (!compiled.hasHandler) continue;
    out.unordered = true;
    const clashing = compiled.hasUnique ? clashingValues(rows, compiled.key) : null;
    rows.forEach((row, r) => {
      pending.push(
        cellMessage(compiled, row, rows, clashing).then((message) => {
          if (message !== null) {
            out.add({ rowId: keyOf(row, rowKey), rowIndex: r, key: compiled.key, message });
          }
        }),
      );
    });
  }
  await Promise.all(pending);
  return out.result(columns);
}

/** The verdict on one cell: its message, or null when it passes. */
export interface CellVerdict {
  readonly rowId: string;
  readonly key: string;
  readonly message: string | null;
}

/** Some cells (a committed row, the rows sharing a unique value): key → row indexes. */
export type CellTargets = ReadonlyMap<string, readonly number[]>;

/** Verdicts on the given cells (unique values still counted over all rows). */
export async function validateCells(
  rows: readonly GridRow[],
  columns: readonly CompiledColumn[],
  rowKey: string,
  targets: CellTargets,
): Promise<CellVerdict[]> {
  const verdicts: Promise<CellVerdict>[] = [];
  for (const compiled of columns) {
    const indexes = targets.get(compiled.key);
    if (!indexes || indexes.length === 0) continue;
    const clashing = compiled.hasUnique ? clashingValues(rows, compiled.key) : null;
    for (const r of indexes) {
      const row = rows[r];
      if (!row) continue;
      const rowId = keyOf(row, rowKey);
      verdicts.push(
        cellMessage(compiled, row, rows, clashing).then((message) => ({
          rowId,
          key: compiled.key,
          message,
        })),
      );
    }
  }
  return Promise.all(verdicts);
}

/** The index with the verdicts applied; the same index when nothing changed. */
export function applyVerdicts(index: ErrorIndex, verdicts: readonly CellVerdict[]): ErrorIndex {
  let next: Map<string, ReadonlyMap<string, string>> | null = null;
  for (const { rowId, key, message } of verdicts) {
    const current = (next ?? index).get(rowId);
    if ((current?.get(key) ?? null) === message) continue;
    next ??= new Map(index);
    const byKey = new Map(current);
    if (message === null) byKey.delete(key);
    else byKey.set(key, message);
    if (byKey.size === 0) next.delete(rowId);
    else next.set(rowId, byKey);
  }
  return next ?? index;
}

/** The index without the rows that left the grid. */
export function dropRows(index: ErrorIndex, ids: readonly string[]): ErrorIndex {
  if (!ids.some((id) => index.has(id))) return index;
  const next = new Map(index);
  for (const id of ids) next.delete(id);
  return next;
}
