import { useRef, useState } from 'react';
import type { DataGridHandle } from 'react-data-grid';
import type { GridActions } from './grid-context';
import type { GridStore } from './store/grid-store';

/**
 * The cells' callbacks: one object for the grid's life (cells never re-render because of it),
 * plus the open editor's closer, which commits a cell being edited.
 */
export function useGridActions(
  store: GridStore,
  grid: { readonly current: DataGridHandle | null },
) {
  const editorCloser = useRef<(() => void) | null>(null);
  const [actions] = useState((): GridActions => ({
    toggleRow: (row, checked) => store.toggleRow(store.idOf(row), checked),
    toggleAll: (checked) => store.toggleAll(checked),
    toggleExpand: (row) => store.toggleExpand(store.idOf(row)),
    moveRow: (row, step) => store.move(store.idOf(row), step),
    insertBelow: (row) => store.insertBelow(store.idOf(row)),
    openMenu: (rowId) => store.openMenu(rowId),
    dragStart: (row) => store.dragStart(store.idOf(row)),
    dragOver: (row) => store.dragOver(store.idOf(row)),
    drop: (row) => store.drop(store.idOf(row)),
    dragEnd: () => store.dragEnd(),
    registerEditor(close) {
      editorCloser.current = close;
      return () => {
        if (editorCloser.current === close) editorCloser.current = null;
      };
    },
    gridElement: () => grid.current?.element ?? null,
  }));
  const [commitEditor] = useState(() => () => editorCloser.current?.());
  return { actions, commitEditor };
}
