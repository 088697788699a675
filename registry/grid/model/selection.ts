/** Row selection (§3 disabledRows, §4): selectable rows, toggling, select-all state. */
import type { GridRow, GridSelectionChange } from '../types';
import { keyOf } from './row-key';

export type DisabledRows = Readonly<Record<string, readonly unknown[] | unknown>>;

/** Values compared as text, so 1 matches '1'. */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && a !== null && b !== null && String(a) === String(b));
}

/**
 * A predicate telling rows that cannot be selected: a row is disabled when one of the named
 * fields holds one of the given values (a single value or a list).
 */
export function disabledRowMatcher(
  disabledRows: DisabledRows | undefined,
): ((row: Readonly<GridRow>) => boolean) | undefined {
  if (!disabledRows) return undefined;
  const rules = Object.entries(disabledRows).map(
    ([field, values]) => [field, Array.isArray(values) ? values : [values]] as const,
  );
  if (rules.length === 0) return undefined;
  return (row) => rules.some(([field, values]) => values.some((v) => sameValue(row[field], v)));
}

export type SelectionType = 'checkbox' | 'radio';

/** The selection after one row was ticked or unticked. */
export function toggleRow(
  selected: ReadonlySet<string>,
  id: string,
  checked: boolean,
  type: SelectionType,
): Set<string> {
  if (type === 'radio') return checked ? new Set([id]) : new Set();
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** Every selectable row ticked (checked) or none (rows that cannot be selected keep their state). */
export function toggleAll(
  rows: readonly GridRow[],
  selected: ReadonlySet<string>,
  checked: boolean,
  rowKey: string,
  isDisabled?: (row: Readonly<GridRow>) => boolean,
): Set<string> {
  const next = new Set(selected);
  for (const row of rows) {
    if (isDisabled?.(row)) continue;
    const id = keyOf(row, rowKey);
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

export type HeaderState = 'none' | 'some' | 'all';

/** The select-all box: all selectable rows ticked, some (indeterminate), or none. */
export function headerState(
  rows: readonly GridRow[],
  selected: ReadonlySet<string>,
  rowKey: string,
  isDisabled?: (row: Readonly<GridRow>) => boolean,
): HeaderState {
  if (selected.size === 0) return 'none';
  let on = 0;
  let off = 0;
  for (const row of rows) {
    if (isDisabled?.(row)) continue;
    if (selected.has(keyOf(row, rowKey))) on += 1;
    else off += 1;
    if (on > 0 && off > 0) return 'some';
  }
  if (on === 0) return 'none';
  return off === 0 ? 'all' : 'some';
}

/** Selected ids that still name rows of the grid (after removals). */
export function pruneSelection(
  selected: ReadonlySet<string>,
  rows: readonly GridRow[],
  rowKey: string,
): ReadonlySet<string> {
  if (selected.size === 0) return selected;
  const present = new Set(rows.map((r) => keyOf(r, rowKey)));
  let changed = false;
  const next = new Set<string>();
  for (const id of selected) {
    if (present.has(id)) next.add(id);
    else changed = true;
  }
  return changed ? next : selected;
}

/** The rows of the selection, in display order. */
export function selectedRowsOf(
  rows: readonly GridRow[],
  selected: ReadonlySet<string>,
  rowKey: string,
): GridRow[] {
  if (selected.size === 0) return [];
  return rows.filter((row) => selected.has(keyOf(row, rowKey)));
}

/** What `onSelectionChange` reports for a change from `before` to `after`. */
export function selectionChangeType(
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
  all: boolean,
): GridSelectionChange['type'] {
  if (all) return after.size >= before.size ? 'selected-all' : 'unselected-all';
  return after.size >= before.size ? 'selected' : 'unselected';
}
