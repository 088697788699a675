import type { SyncRow } from '../../src/contracts/table-sync';
import type { GridRow } from './types';

/** How long a row patched by live sync shows the reload effect (widgets.md §9). */
export const SYNC_RELOAD_EFFECT_MS = 1400;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A grid row updated by a row another client saved: the incoming values replace the row's,
 * except `tug_status`, whose keys are merged into the row's (a shallow object merge) when both
 * are objects. The row keeps its own key. Pure: neither argument changes.
 */
export function mergeSyncRow<T extends GridRow>(
  current: T,
  incoming: SyncRow,
  rowKey: string = 'id',
): T {
  const merged: GridRow = { ...current, ...incoming, [rowKey]: current[rowKey] };
  const mine = current.tug_status;
  const theirs = incoming.tug_status;
  if (isPlainObject(mine) && isPlainObject(theirs)) merged.tug_status = { ...mine, ...theirs };
  return merged as T;
}

/**
 * The grid's rows with every incoming row merged into the row of the same key; rows without a
 * match are dropped (live sync updates rows, it does not add them). `patched` lists the keys
 * that changed, for the reload effect; `rows` is the same array when nothing matched.
 */
export function applySyncRows<T extends GridRow>(
  rows: readonly T[],
  incoming: readonly SyncRow[],
  rowKey: string = 'id',
): { readonly rows: readonly T[]; readonly patched: readonly string[] } {
  const byKey = new Map<string, SyncRow>();
  for (const row of incoming) {
    const key = row[rowKey];
    if (typeof key === 'string' || typeof key === 'number') {
      const previous = byKey.get(String(key));
      // The same row twice in one message: the later values win, tug_status merges.
      byKey.set(String(key), previous ? mergeSyncRow({ ...previous }, row, rowKey) : row);
    }
  }
  if (byKey.size === 0) return { rows, patched: [] };
  const patched: string[] = [];
  const next = rows.map((row) => {
    const key = row[rowKey];
    if (typeof key !== 'string' && typeof key !== 'number') return row;
    const update = byKey.get(String(key));
    if (!update) return row;
    patched.push(String(key));
    return mergeSyncRow(row, update, rowKey);
  });
  return patched.length === 0 ? { rows, patched } : { rows: next, patched };
}
