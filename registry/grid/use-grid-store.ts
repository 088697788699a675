import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createGridStore, type GridStore } from './store/grid-store';
import type { GridSnapshot, GridStoreConfig } from './store/types';
import type { GridRow } from './types';

/**
 * The grid's store for the component's life: configured from the props on every render, and
 * reloaded when `dataSource` changes identity.
 */
export function useGridStore(
  dataSource: readonly GridRow[],
  config: GridStoreConfig,
): { store: GridStore; snapshot: GridSnapshot } {
  const [store] = useState(() => createGridStore(dataSource, config));
  const loaded = useRef(dataSource);

  useLayoutEffect(() => {
    store.configure(config);
  });
  useLayoutEffect(() => {
    if (loaded.current === dataSource) return;
    loaded.current = dataSource;
    store.load(dataSource);
  }, [store, dataSource]);
  useEffect(() => () => store.dispose(), [store]);

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, snapshot };
}
