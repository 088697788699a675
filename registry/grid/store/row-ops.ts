/**
 * Operations that change the rows (§4 "Grid rows"): add and insert (throttled), remove (with
 * asyncRemove), move, drag, commits of edited rows (reported and revalidated), patches from
 * setValues / live sync (flashing with reloadEffect).
 */
import { INSERT_THROTTLE_MS, RELOAD_EFFECT_MS } from '../model/constants';
import { createRows } from '../model/new-row';
import { insertRows, patchRows, removeIdsOf, removeRows, replaceRows } from '../model/row-book';
import { dragMove, moveRow } from '../model/row-moves';
import { pruneSelection } from '../model/selection';
import { createThrottle } from '../model/throttle';
import { applyVerdicts, commitTargets, dropRows, validateCells } from '../model/validation';
import type { GridRow } from '../types';
import type { StoreCore } from './store-core';

export function rowOperations(core: StoreCore, now?: () => number) {
  const throttle = createThrottle(INSERT_THROTTLE_MS, now);
  const flashTimers = new Set<ReturnType<typeof setTimeout>>();
  let dragId: string | null = null;
  /** A row just added that the grid should scroll to and focus (read once, after rendering). */
  let focusRowId: string | null = null;
  const { idOf, indexOf, setBook, set, state, config } = core;

  const addAt = (values: readonly Readonly<GridRow>[], index?: number, focus = false) => {
    if (!throttle.tryAcquire()) return [];
    const { columns, rowKey } = config();
    const created = createRows(columns, state().book.rows, rowKey, values);
    if (focus && created.length > 0) focusRowId = idOf(created[0]);
    setBook(insertRows(state().book, created, index));
    // Renumbering may have replaced the new row objects: hand out the rows as held.
    const ids = new Set(created.map(idOf));
    return state().book.rows.filter((row) => ids.has(idOf(row)));
  };

  const dropIds = (ids: readonly string[]) => {
    const { book, removedRows } = removeRows(state().book, ids, config().rowKey);
    if (removedRows.length === 0) return;
    const gone = removedRows.map(idOf);
    const { expanded, errors } = state();
    const kept = new Set(expanded);
    for (const id of gone) kept.delete(id);
    setBook(book, {
      errors: dropRows(errors, gone),
      expanded: kept.size === expanded.size ? expanded : kept,
    });
    core.changeSelection(
      pruneSelection(state().selected, state().book.rows, config().rowKey),
      false,
    );
  };

  const remove = async (ids: readonly string[]) => {
    const wanted = new Set(ids);
    const rows = state().book.rows.filter((row) => wanted.has(idOf(row)));
    if (rows.length === 0) return;
    const { asyncRemove, onRemove } = config();
    if (asyncRemove && onRemove) {
      // The rows leave only once the host (a server delete) agrees.
      try {
        if ((await onRemove(rows)) === false) return;
      } catch {
        return;
      }
      dropIds(ids);
      return;
    }
    dropIds(ids);
    void onRemove?.(rows);
  };

  const revalidate = async (changes: { index: number; before: GridRow | undefined }[]) => {
    const { rules, rowKey } = config();
    if (rules.length === 0 || changes.length === 0) return;
    const run = core.generation();
    const rows = state().book.rows;
    const targets = commitTargets(rules, rows, changes, rowKey, state().errors);
    const verdicts = await validateCells(rows, rules, rowKey, targets);
    if (run !== core.generation()) return;
    const errors = applyVerdicts(state().errors, verdicts);
    if (errors !== state().errors) set({ errors });
  };

  return {
    /** Adds rows (default values filled in) at `index` or the end; throttled (§9). */
    add(
      values: readonly Readonly<GridRow>[] = [{}],
      { index, focus = false }: { index?: number; focus?: boolean } = {},
    ): GridRow[] {
      return addAt(values.length ? values : [{}], index, focus);
    },
    insertBelow(rowId: string): GridRow[] {
      const index = indexOf(rowId);
      return index < 0 ? [] : addAt([{}], index + 1, true);
    },
    /** Removes rows by id (a string or a list; anything else throws naming removeRows). */
    removeRows(arg: unknown): Promise<void> {
      return remove(removeIdsOf(arg));
    },
    removeSelected(): Promise<void> {
      return remove([...state().selected]);
    },
    consumeFocus(): string | null {
      const id = focusRowId;
      focusRowId = null;
      return id;
    },

    move(rowId: string, step: -1 | 1): boolean {
      const result = moveRow(state().book.rows, indexOf(rowId), step);
      if (!result.ok) {
        config().warn(result.message);
        return false;
      }
      setBook({ ...state().book, rows: result.rows });
      return true;
    },
    dragStart(rowId: string) {
      dragId = rowId;
    },
    dragOver(rowId: string) {
      if (dragId !== null && state().dropTargetId !== rowId) set({ dropTargetId: rowId });
    },
    drop(rowId: string) {
      const from = dragId === null ? -1 : indexOf(dragId);
      const to = indexOf(rowId);
      dragId = null;
      if (from < 0 || to < 0 || from === to) {
        if (state().dropTargetId !== null) set({ dropTargetId: null });
        return;
      }
      const { onRowMove } = config();
      if (onRowMove) {
        // The host owns the order: it moves the row and hands the rows back.
        set({ dropTargetId: null });
        onRowMove(from, to);
        return;
      }
      const rows = dragMove(state().book.rows, from, to);
      setBook({ ...state().book, rows }, { dropTargetId: null });
    },
    dragEnd() {
      dragId = null;
      if (state().dropTargetId !== null) set({ dropTargetId: null });
    },

    /** Rows edited in the grid (a row commits as a whole): kept, reported, revalidated. */
    commitEdits(changed: readonly GridRow[]) {
      const current = state().book;
      const before = new Map(current.rows.map((row, i) => [idOf(row), { row, index: i }]));
      const book = replaceRows(current, changed, config().rowKey);
      if (book === current) return;
      setBook(book, {}, false);
      const changes: { index: number; before: GridRow | undefined }[] = [];
      const { columns, onValueChange } = config();
      for (const row of changed) {
        const old = before.get(idOf(row));
        if (!old) continue;
        changes.push({ index: old.index, before: old.row });
        for (const column of columns) {
          const oldValue = old.row[column.key];
          const value = row[column.key];
          if (oldValue !== value)
            onValueChange?.({ type: column.type, row, column, value, oldValue });
        }
      }
      void revalidate(changes);
    },

    /** Patches rows by id (setValues, live sync); they flash with reloadEffect. */
    patch(patches: readonly { rowKey: string; values: GridRow }[]) {
      const { book, changedIds } = patchRows(state().book, patches, config().rowKey);
      if (changedIds.length === 0) return;
      if (!config().reloadEffect) {
        setBook(book, {}, false);
        return;
      }
      setBook(book, { flashing: new Set([...state().flashing, ...changedIds]) }, false);
      const timer = setTimeout(() => {
        flashTimers.delete(timer);
        const flashing = new Set(state().flashing);
        for (const id of changedIds) flashing.delete(id);
        set({ flashing });
      }, RELOAD_EFFECT_MS);
      flashTimers.add(timer);
    },

    disposeRows() {
      for (const timer of flashTimers) clearTimeout(timer);
      flashTimers.clear();
      focusRowId = null;
    },
  };
}
