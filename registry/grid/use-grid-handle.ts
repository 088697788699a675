import { useImperativeHandle, type Ref } from 'react';
import { insertedRows, outputRows } from './model/row-book';
import { selectedRowsOf } from './model/selection';
import type { GridStore } from './store/grid-store';
import type { GridHandle, GridRow } from './types';

/**
 * The grid's imperative handle (types.ts GridHandle). `commitEditor` first commits a cell being
 * edited, so the values handed out include what was just typed.
 */
export function useGridHandle(
  ref: Ref<GridHandle> | undefined,
  store: GridStore,
  rowKey: string,
  commitEditor: () => void,
): void {
  useImperativeHandle(
    ref,
    (): GridHandle => ({
      getValues(options) {
        commitEditor();
        return store.values(options?.validate ?? true);
      },
      async getValuesPromise() {
        commitEditor();
        const values = await store.values(true);
        if (values.error > 0) throw values;
        return values;
      },
      getTableData() {
        commitEditor();
        return outputRows(store.getSnapshot().book.rows, rowKey);
      },
      getNewData() {
        commitEditor();
        return insertedRows(store.getSnapshot().book, rowKey);
      },
      getDeleteData() {
        return [...store.getSnapshot().book.removed];
      },
      getSelection() {
        const { book, selected } = store.getSnapshot();
        return { rows: selectedRowsOf(book.rows, selected, rowKey), ids: [...selected] };
      },
      clearSelection() {
        store.clearSelection(false);
      },
      addRows(rows, options) {
        const list: readonly GridRow[] =
          rows === undefined ? [{}] : Array.isArray(rows) ? rows : [rows as GridRow];
        return store.add(list, { index: options?.index, focus: options?.setActive ?? false });
      },
      removeRows(ids) {
        return store.removeRows(ids);
      },
      removeSelectedRows() {
        return store.removeSelected();
      },
      setValues(patches) {
        store.patch(patches);
      },
      loadData(rows) {
        store.load(rows);
      },
    }),
    [store, rowKey, commitEditor],
  );
}
