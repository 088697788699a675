/** Constants and messages of the editable grid (widgets.md §2.5, §4, §5, §8, §9). */

import type { GridSize } from '../types';

/** Row height per size; medium is the §9 row height, the smaller sizes step down. */
export const ROW_HEIGHT: Readonly<Record<GridSize, number>> = {
  medium: 61,
  small: 48,
  mini: 40,
  tiny: 32,
};

/** Header row height per size. */
export const HEADER_HEIGHT: Readonly<Record<GridSize, number>> = {
  medium: 44,
  small: 40,
  mini: 36,
  tiny: 32,
};

export const DEFAULT_MAX_HEIGHT = 400;
export const DEFAULT_COLUMN_WIDTH = 120;
export const DEFAULT_ROW_KEY = 'id';
export const DEFAULT_DRAG_SORT_KEY = 'orderNum';

/** Widths of the grid's own columns (§9). */
export const ROW_NUMBER_WIDTH = 60;
export const SPECIAL_COLUMN_WIDTH = 40;
/** Checkbox, radio, expand and drag columns when the statistics footer is shown. */
export const SPECIAL_COLUMN_WIDTH_WITH_FOOTER = 60;

/** One insert per 1500 ms (§9). */
export const INSERT_THROTTLE_MS = 1500;
/** Rows patched by live sync flash this long (§9). */
export const RELOAD_EFFECT_MS = 1400;
/** The 子表 popover looks for its row this many times before giving up (§4). */
export const SUB_TABLE_OPEN_RETRIES = 3;
export const SUB_TABLE_RETRY_DELAY_MS = 100;
/** Height of an expanded row's content area. */
export const EXPAND_ROW_HEIGHT = 200;

export const DETAILS_MODAL_WIDTH = 1200;

export const PAGE_SIZE_OPTIONS: readonly string[] = ['10', '20', '30'];

/** Tags cells hold semicolon-separated text (§2.5). */
export const TAG_SEPARATOR = ';';

export const MSG_MOVE_FIRST_UP = '未知的操作';
export const MSG_MOVE_LAST_DOWN = '已到最后~';
export const MSG_SUB_TABLE_FAILED = '打开子表失败';
export const MSG_UNIQUE = '${title}不能重复';
export const MSG_EMPTY = '暂无数据';
export const TITLE_SUB_TABLE = '子表';
export const TITLE_DETAILS = '详细信息';
export const LABEL_STATISTICS = '统计';

/** '确定要删除这 N 项吗?' (§2.5). */
export function deleteConfirmText(count: number): string {
  return `确定要删除这 ${count} 项吗?`;
}

/** '{from}-{to} 共 {n} 条' (§9). */
export function paginationTotalText(from: number, to: number, total: number): string {
  return `${from}-${to} 共 ${total} 条`;
}
