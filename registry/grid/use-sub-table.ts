import { useCallback, useEffect, useRef, useState } from 'react';
import { SUB_TABLE_OPEN_RETRIES, SUB_TABLE_RETRY_DELAY_MS } from './model/constants';

/** Where the 子表 popover sits: under the row, relative to the grid's body. */
export interface SubTableAnchor {
  readonly rowId: string;
  readonly top: number;
  readonly width: number;
}

/** The first cell of a drawn row (rows themselves are `display: contents` and have no box). */
function rowCell(grid: HTMLElement | null, rowId: string): HTMLElement | null {
  if (!grid) return null;
  for (const row of grid.querySelectorAll<HTMLElement>('[data-row-id]')) {
    if (row.dataset.rowId === rowId) return row.querySelector<HTMLElement>('[role="gridcell"]');
  }
  return null;
}

/**
 * The 子表 popover (§4): toggles on the same row, reopens on another; when the row is not
 * drawn yet (scrolled away) it scrolls there and looks again, up to 3 more times, then fails.
 */
export function useSubTable({
  grid,
  body,
  scrollTo,
  onFail,
}: {
  readonly grid: () => HTMLElement | null;
  readonly body: () => HTMLElement | null;
  readonly scrollTo: (rowId: string) => void;
  readonly onFail: () => void;
}) {
  const [anchor, setAnchor] = useState<SubTableAnchor | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const close = useCallback(() => setAnchor(null), []);

  const toggle = useCallback(
    (rowId: string) => {
      clearTimeout(timer.current);
      if (anchor?.rowId === rowId) {
        setAnchor(null);
        return;
      }
      const attempt = (tries: number) => {
        const cell = rowCell(grid(), rowId);
        const box = body();
        if (cell && box) {
          const bodyRect = box.getBoundingClientRect();
          const cellRect = cell.getBoundingClientRect();
          setAnchor({ rowId, top: cellRect.bottom - bodyRect.top, width: bodyRect.width });
          return;
        }
        if (tries >= SUB_TABLE_OPEN_RETRIES) {
          setAnchor(null);
          onFail();
          return;
        }
        scrollTo(rowId);
        timer.current = setTimeout(() => attempt(tries + 1), SUB_TABLE_RETRY_DELAY_MS);
      };
      attempt(0);
    },
    [anchor, grid, body, scrollTo, onFail],
  );

  return { anchor, toggle, close };
}
