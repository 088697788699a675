import type { GridRow } from '../types';
import { createTempId } from './temp-id';

/** The key of a row as text ('' when it has none). */
export function keyOf(row: Readonly<GridRow>, rowKey: string): string {
  const key = row[rowKey];
  return key === undefined || key === null ? '' : String(key);
}

/**
 * Rows as the grid holds them: every row gets a key. Rows without one (data not saved yet) get
 * a temporary id; rows that have one are kept as they are (same objects).
 */
export function withKeys(rows: readonly GridRow[], rowKey: string): GridRow[] {
  return rows.map((row) =>
    keyOf(row, rowKey) === '' ? { ...row, [rowKey]: createTempId() } : row,
  );
}
