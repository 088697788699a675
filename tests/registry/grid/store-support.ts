/** The grid store outside React: a config with nothing attached, and a clock for the throttle. */
import type { GridColumn } from '../../../registry/grid';
import type { GridStoreConfig } from '../../../registry/grid/store/types';

export function storeConfig(
  columns: readonly GridColumn[],
  patch: Partial<GridStoreConfig> = {},
): GridStoreConfig {
  return {
    columns,
    rowKey: 'id',
    orderKey: null,
    selectionType: 'checkbox',
    isRowDisabled: undefined,
    rules: [],
    asyncRemove: false,
    reloadEffect: false,
    onRemove: undefined,
    onSelectionChange: undefined,
    onValueChange: undefined,
    onRowMove: undefined,
    warn: () => undefined,
    ...patch,
  };
}

/** A clock answering the given times in turn (then the last one). */
export function clock(times: readonly number[]): () => number {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)];
}
