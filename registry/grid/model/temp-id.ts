/**
 * Temporary ids of rows the server has not seen yet (§3 "Grid row"). They end in `_tmp`, so they
 * are recognisable anywhere (logs, handlers), and are taken off the rows the grid hands out.
 */
import type { GridRow } from '../types';

export const TEMP_ID_SUFFIX = '_tmp';

let sequence = 0;

/** A fresh temporary id, unique within the page: `row<sequence><random>_tmp`. */
export function createTempId(): string {
  sequence += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `row${sequence.toString(36)}${random}${TEMP_ID_SUFFIX}`;
}

export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && id.endsWith(TEMP_ID_SUFFIX);
}

/** The row without its key when the key is temporary; the same object otherwise. */
export function stripTempId(row: GridRow, rowKey: string): GridRow {
  if (!isTempId(row[rowKey])) return row;
  const { [rowKey]: _temp, ...rest } = row;
  return rest;
}
