import { RESERVED_TYPES } from '../../registry';
import type { GridColumn, GridRow } from '../types';
import { checkboxValue } from './checkbox-value';
import { keyOf } from './row-key';
import { createTempId } from './temp-id';
import { gridOf } from './type-grid';

/** Columns holding values (not the grid's own row-number, selection, expand or drag columns). */
export function valueColumns(columns: readonly GridColumn[]): GridColumn[] {
  return columns.filter((c) => !RESERVED_TYPES.includes(c.type));
}

/** The largest number held in a column (0 when there is none). */
function largest(rows: readonly GridRow[], key: string): number {
  let max = 0;
  for (const row of rows) {
    const n = Number(row[key]);
    if (row[key] !== '' && row[key] !== null && Number.isFinite(n) && n > max) max = n;
  }
  return max;
}

/** The value columns' own defaults (defaultValue, defaultChecked); isOrder left out. */
function defaultsOf(columns: readonly GridColumn[]): GridRow {
  const row: GridRow = {};
  for (const column of columns) {
    if (column.isOrder) continue;
    if (gridOf(column.type)?.text === 'yes-no' && column.defaultChecked !== undefined) {
      row[column.key] = checkboxValue(column.defaultChecked, column.customValue);
    } else if (column.defaultValue !== undefined) {
      const d = column.defaultValue;
      // A list default is copied so rows never share one array.
      row[column.key] = Array.isArray(d) ? [...(d as unknown[])] : d;
    }
  }
  return row;
}

/**
 * New rows (§4 "Adding a row creates default values"): each column's defaultValue, a checkbox's
 * defaultChecked as its custom value, an isOrder column the largest value + 1 (counting on
 * across the new rows), then the values given; a temporary id unless the values carry a key.
 */
export function createRows(
  columns: readonly GridColumn[],
  rows: readonly GridRow[],
  rowKey: string,
  values: readonly Readonly<GridRow>[],
): GridRow[] {
  const data = valueColumns(columns);
  const orderColumns = data.filter((c) => c.isOrder);
  const next = new Map(orderColumns.map((c) => [c.key, largest(rows, c.key) + 1]));
  return values.map((v) => {
    const row = defaultsOf(data);
    for (const c of orderColumns) {
      const n = next.get(c.key) ?? 1;
      row[c.key] = n;
      next.set(c.key, n + 1);
    }
    Object.assign(row, v);
    if (keyOf(row, rowKey) === '') row[rowKey] = createTempId();
    return row;
  });
}

/** One new row (see `createRows`). */
export function createRow(
  columns: readonly GridColumn[],
  rows: readonly GridRow[],
  rowKey: string,
  values: Readonly<GridRow> = {},
): GridRow {
  return createRows(columns, rows, rowKey, [values])[0];
}
