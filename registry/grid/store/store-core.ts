/**
 * The state holder shared by the store's operations: the snapshot, its listeners, the config
 * of the latest render, and the few steps every operation needs (row ids, renumbering,
 * selection changes with their report).
 */
import { loadBook, type RowBook } from '../model/row-book';
import { keyOf } from '../model/row-key';
import { renumber } from '../model/row-moves';
import { selectedRowsOf, selectionChangeType } from '../model/selection';
import { NO_ERRORS } from '../model/validation';
import type { GridRow } from '../types';
import type { GridSnapshot, GridStoreConfig } from './types';

export const NONE: ReadonlySet<string> = new Set();

export interface StoreCore {
  readonly state: () => GridSnapshot;
  readonly config: () => GridStoreConfig;
  configure(next: GridStoreConfig): void;
  subscribe(listener: () => void): () => void;
  set(patch: Partial<GridSnapshot>): void;
  idOf(row: Readonly<GridRow>): string;
  indexOf(id: string): number;
  /** New rows (drag order renumbered unless `reorder` is false) plus other changes. */
  setBook(book: RowBook, patch?: Partial<GridSnapshot>, reorder?: boolean): void;
  /** A new selection; reported to onSelectionChange unless `notify` is false. */
  changeSelection(next: ReadonlySet<string>, all: boolean, notify?: boolean): void;
  /** Bumped by every reload: async work started before it must not write its results. */
  generation(): number;
  nextGeneration(): void;
}

export function createStoreCore(
  initialRows: readonly GridRow[],
  initialConfig: GridStoreConfig,
): StoreCore {
  let config = initialConfig;
  let state: GridSnapshot = {
    book: loadBook(initialRows, config.rowKey),
    selected: NONE,
    errors: NO_ERRORS,
    expanded: NONE,
    menuRowId: null,
    dropTargetId: null,
    flashing: NONE,
  };
  let generation = 0;
  const listeners = new Set<() => void>();

  const core: StoreCore = {
    state: () => state,
    config: () => config,
    configure(next) {
      config = next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    idOf: (row) => keyOf(row, config.rowKey),
    indexOf: (id) => state.book.rows.findIndex((row) => core.idOf(row) === id),
    setBook(book, patch = {}, reorder = true) {
      const rows = reorder && config.orderKey ? renumber(book.rows, config.orderKey) : book.rows;
      core.set({ book: rows === book.rows ? book : { ...book, rows }, ...patch });
    },
    changeSelection(next, all, notify = true) {
      const before = state.selected;
      if (next === before) return;
      core.set({ selected: next });
      if (!notify) return;
      config.onSelectionChange?.({
        type: selectionChangeType(before, next, all),
        selectedRows: selectedRowsOf(state.book.rows, next, config.rowKey),
        selectedRowIds: [...next],
      });
    },
    generation: () => generation,
    nextGeneration() {
      generation += 1;
    },
  };
  return core;
}
