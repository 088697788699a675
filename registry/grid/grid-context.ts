/**
 * What the grid's cells read besides their row. Column objects stay the same across
 * keystrokes and commits, so whatever changes (errors, selection state, the open row menu,
 * expanded rows) reaches only the cells that read it, through these contexts.
 */
import { createContext, useContext } from 'react';
import type { GridRow } from './types';
import type { ErrorIndex } from './model/validation';
import { NO_ERRORS } from './model/validation';
import type { HeaderState } from './model/selection';

/** Stable callbacks (one object for the grid's life; each calls the latest code). */
export interface GridActions {
  toggleRow(row: Readonly<GridRow>, checked: boolean): void;
  toggleAll(checked: boolean): void;
  toggleExpand(row: Readonly<GridRow>): void;
  moveRow(row: Readonly<GridRow>, step: -1 | 1): void;
  insertBelow(row: Readonly<GridRow>): void;
  openMenu(rowId: string | null): void;
  dragStart(row: Readonly<GridRow>): void;
  dragOver(row: Readonly<GridRow>): void;
  drop(row: Readonly<GridRow>): void;
  dragEnd(): void;
  /**
   * The open editor registers how to commit and close it (outside mouseup, getValues); the
   * answer unregisters it.
   */
  registerEditor(close: () => void): () => void;
  /** The grid's element: a mouse release inside it is not "outside". */
  gridElement(): HTMLElement | null;
}

export interface GridUiState {
  readonly headerState: HeaderState;
  readonly expanded: ReadonlySet<string>;
  /** Row numbers by id while content rows are drawn (drawn index ≠ row number); else null. */
  readonly rowNumbers: ReadonlyMap<string, number> | null;
  readonly menuRowId: string | null;
  readonly dropTargetId: string | null;
}

const noop = () => undefined;

export const GridActionsContext = createContext<GridActions>({
  toggleRow: noop,
  toggleAll: noop,
  toggleExpand: noop,
  moveRow: noop,
  insertBelow: noop,
  openMenu: noop,
  dragStart: noop,
  dragOver: noop,
  drop: noop,
  dragEnd: noop,
  registerEditor: () => noop,
  gridElement: () => null,
});

export const GridErrorsContext = createContext<ErrorIndex>(NO_ERRORS);

export const GridUiContext = createContext<GridUiState>({
  headerState: 'none',
  expanded: new Set(),
  rowNumbers: null,
  menuRowId: null,
  dropTargetId: null,
});

export const useGridActions = () => useContext(GridActionsContext);
export const useGridUi = () => useContext(GridUiContext);
export const useGridErrors = () => useContext(GridErrorsContext);
