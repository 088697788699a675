/**
 * The grid's state outside React (rows with their bookkeeping, selection, errors, expanded rows,
 * the open row menu, drag target, flashing rows) and every operation on it. The component reads
 * snapshots through useSyncExternalStore; imperative calls see the latest state at once.
 */
import type { GridRow } from '../types';
import { rowOperations } from './row-ops';
import { createStoreCore } from './store-core';
import type { GridStoreConfig } from './types';
import { viewOperations } from './view-ops';

export interface GridStoreOptions {
  /** Clock of the insert throttle (tests). */
  readonly now?: () => number;
}

export type GridStore = ReturnType<typeof createGridStore>;

export function createGridStore(
  initialRows: readonly GridRow[],
  config: GridStoreConfig,
  options: GridStoreOptions = {},
) {
  const core = createStoreCore(initialRows, config);
  const rows = rowOperations(core, options.now);
  const view = viewOperations(core);
  return {
    subscribe: core.subscribe,
    getSnapshot: core.state,
    configure: core.configure,
    idOf: core.idOf,
    ...rows,
    ...view,
    /** Stops the flash timers (the grid unmounted; subscribers unsubscribe themselves). */
    dispose() {
      rows.disposeRows();
    },
  };
}
