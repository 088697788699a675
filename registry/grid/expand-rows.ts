/**
 * Expanded rows (rowExpand): below each expanded row the grid shows one more row holding
 * `renderExpand(row)`. These content rows exist only in what react-data-grid draws; the grid's
 * data never contains them.
 */
import type { GridRow } from './types';
import { keyOf } from './model/row-key';

const PARENT = Symbol('expanded-row');

/** The content row drawn under an expanded row. */
export interface ExpandRow extends GridRow {
  readonly [PARENT]: GridRow;
}

export function isExpandRow(row: Readonly<GridRow>): row is ExpandRow {
  return PARENT in row;
}

export function parentOf(row: ExpandRow): GridRow {
  return row[PARENT];
}

/** The rows to draw: data rows with a content row after each expanded one. */
export function withExpandRows(
  rows: readonly GridRow[],
  expanded: ReadonlySet<string>,
  rowKey: string,
): readonly GridRow[] {
  if (expanded.size === 0) return rows;
  const out: GridRow[] = [];
  for (const row of rows) {
    out.push(row);
    if (expanded.has(keyOf(row, rowKey))) out.push({ [PARENT]: row } as ExpandRow);
  }
  return out;
}
