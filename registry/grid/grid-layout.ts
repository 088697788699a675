/** The grid's height (§9: at most maxHeight, default 400; no taller than its rows need). */
import { DEFAULT_MAX_HEIGHT, EXPAND_ROW_HEIGHT } from './model/constants';

/** Room for a horizontal scrollbar and the borders. */
const CHROME = 18;
/** Room for 暂无数据 when there are no rows. */
const EMPTY_HEIGHT = 120;

export function gridHeight({
  rows,
  expandRows,
  rowHeight,
  headerHeight,
  footer,
  maxHeight = DEFAULT_MAX_HEIGHT,
}: {
  readonly rows: number;
  readonly expandRows: number;
  readonly rowHeight: number;
  readonly headerHeight: number;
  readonly footer: boolean;
  /** Default 400 (§9). */
  readonly maxHeight?: number;
}): number {
  if (rows === 0) return Math.min(maxHeight, headerHeight + EMPTY_HEIGHT);
  const content =
    headerHeight +
    rows * rowHeight +
    expandRows * EXPAND_ROW_HEIGHT +
    (footer ? rowHeight : 0) +
    CHROME;
  return Math.min(maxHeight, content);
}
