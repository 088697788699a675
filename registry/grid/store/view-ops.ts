/**
 * Operations on what surrounds the rows: reloads, selection, expanded rows, the open row
 * menu, validation and collecting the values (§4, §5).
 */
import { loadBook, deleteIds, outputRows } from '../model/row-book';
import { toggleAll, toggleRow } from '../model/selection';
import { NO_ERRORS, validateAll, type ValidationResult } from '../model/validation';
import type { GridRow, GridValues } from '../types';
import { NONE, type StoreCore } from './store-core';

export function viewOperations(core: StoreCore) {
  const { set, state, config } = core;

  const validate = async (): Promise<ValidationResult> => {
    const run = core.generation();
    const { rules, rowKey } = config();
    const result = await validateAll(state().book.rows, rules, rowKey);
    if (run === core.generation()) set({ errors: result.index });
    return result;
  };

  return {
    /** Replaces the data: bookkeeping, selection, errors and expanded rows start over. */
    load(rows: readonly GridRow[]) {
      core.nextGeneration();
      set({
        book: loadBook(rows, config().rowKey),
        selected: NONE,
        errors: NO_ERRORS,
        expanded: NONE,
        menuRowId: null,
      });
    },

    toggleRow(rowId: string, checked: boolean) {
      const row = state().book.rows[core.indexOf(rowId)];
      if (!row || config().isRowDisabled?.(row)) return;
      core.changeSelection(
        toggleRow(state().selected, rowId, checked, config().selectionType),
        false,
      );
    },
    toggleAll(checked: boolean) {
      const { rowKey, isRowDisabled } = config();
      const { book, selected } = state();
      core.changeSelection(toggleAll(book.rows, selected, checked, rowKey, isRowDisabled), true);
    },
    /** Clears the selection; `notify` reports it as unselected-all. */
    clearSelection(notify = true) {
      if (state().selected.size > 0) core.changeSelection(NONE, true, notify);
    },

    toggleExpand(rowId: string) {
      const expanded = new Set(state().expanded);
      if (!expanded.delete(rowId)) expanded.add(rowId);
      set({ expanded });
    },
    expandAll() {
      set({ expanded: new Set(state().book.rows.map(core.idOf)) });
    },
    collapseAll() {
      if (state().expanded.size > 0) set({ expanded: NONE });
    },
    openMenu(rowId: string | null) {
      if (state().menuRowId !== rowId) set({ menuRowId: rowId });
    },

    /** Every cell checked; the errors shown are replaced by the result. */
    validate,

    /** The values as handed out (§4): validated unless told not to. */
    async values(check = true): Promise<GridValues> {
      const result = check ? await validate() : { errors: [], index: NO_ERRORS };
      const { book } = state();
      const { rowKey } = config();
      return {
        error: result.errors.length,
        errors: result.errors,
        values: outputRows(book.rows, rowKey),
        deleteIds: deleteIds(book, rowKey),
      };
    },
  };
}
