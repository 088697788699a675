/** Moving rows (§4, §5): up / down by one, and drag from one place to another. */
import type { GridRow } from '../types';
import { MSG_MOVE_FIRST_UP, MSG_MOVE_LAST_DOWN } from './constants';

export type MoveResult =
  | { readonly ok: true; readonly rows: GridRow[] }
  /** The move is refused; `message` is shown as a warning. */
  | { readonly ok: false; readonly message: string };

/** The row at `index` one place up (`-1`) or down (`1`). The ends refuse with the §5 messages. */
export function moveRow(rows: readonly GridRow[], index: number, step: -1 | 1): MoveResult {
  if (step === -1 && index <= 0) return { ok: false, message: MSG_MOVE_FIRST_UP };
  if (step === 1 && index >= rows.length - 1) return { ok: false, message: MSG_MOVE_LAST_DOWN };
  return { ok: true, rows: dragMove(rows, index, index + step) };
}

/** The row at `from` taken out and put at `to` (the index it ends up at). */
export function dragMove(rows: readonly GridRow[], from: number, to: number): GridRow[] {
  const next = [...rows];
  if (from < 0 || from >= rows.length || from === to) return next;
  const [row] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, row);
  return next;
}

/**
 * The drag order field numbered from 1 in display order (§3: renumbered after every move,
 * insert and remove). Rows already holding their number stay the same objects.
 */
export function renumber(rows: readonly GridRow[], key: string): GridRow[] {
  return rows.map((row, i) => (row[key] === i + 1 ? row : { ...row, [key]: i + 1 }));
}
