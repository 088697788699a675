/**
 * Which cells to check again after a row commits: its changed cells, and for a unique column
 * the other rows whose verdict may flip: rows now holding the same value, and rows that showed
 * an error for the old value (they may no longer clash).
 */
import type { GridRow } from '../../types';
import { keyOf } from '../row-key';
import type { CompiledColumn } from './compile';
import { sameUniqueValue } from './validate';
import type { CellTargets, ErrorIndex } from './validate';

export function commitTargets(
  columns: readonly CompiledColumn[],
  rows: readonly GridRow[],
  changes: readonly { readonly index: number; readonly before: Readonly<GridRow> | undefined }[],
  rowKey: string,
  errors: ErrorIndex,
): CellTargets {
  const targets = new Map<string, Set<number>>();
  const add = (key: string, index: number) => {
    let set = targets.get(key);
    if (!set) {
      set = new Set();
      targets.set(key, set);
    }
    set.add(index);
  };
  for (const { index, before } of changes) {
    const after = rows[index];
    if (!after) continue;
    for (const compiled of columns) {
      const { key } = compiled;
      if (before !== undefined && before[key] === after[key]) continue;
      add(key, index);
      if (!compiled.hasUnique) continue;
      for (let r = 0; r < rows.length; r++) {
        if (r === index) continue;
        const value = rows[r][key];
        if (sameUniqueValue(value, after[key])) add(key, r);
        else if (
          before !== undefined &&
          sameUniqueValue(value, before[key]) &&
          errors.get(keyOf(rows[r], rowKey))?.has(key)
        ) {
          add(key, r);
        }
      }
    }
  }
  return new Map([...targets].map(([key, set]) => [key, [...set]]));
}
