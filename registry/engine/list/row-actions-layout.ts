import type { ActionDefinition } from '../../../src/contracts/page';
import { conditionHolds } from '../condition';
import { actionLabel } from '../page-model';
import type { Row } from './row';

/**
 * Which row links show and where: those a row meets the `when` of, all of them inline up to
 * `MAX_INLINE`, else the first `INLINE_BEFORE_MORE` inline and the rest under 更多 (the
 * reference list's 编辑 | 更多). And how wide the actions column must be for that.
 */

/** Up to this many links show inline. */
export const MAX_INLINE = 3;
/** With more links than `MAX_INLINE`, this many show before 更多. */
export const INLINE_BEFORE_MORE = 2;
/**
 * On a phone the actions column stays in view at the right edge, so it keeps to one link
 * inline and 更多 (two links inline when there are only two).
 */
export const COMPACT_MAX_INLINE = 2;
export const COMPACT_INLINE_BEFORE_MORE = 1;

/** The actions shown on a row: those without `when`, and those whose condition the row meets. */
export function actionsOfRow(actions: readonly ActionDefinition[], row: Row): ActionDefinition[] {
  return actions.filter(
    (action) => !action.when || conditionHolds(action.when, row[action.when.field]),
  );
}

export interface RowActionLayout {
  readonly inline: readonly ActionDefinition[];
  /** Under 更多; empty when every link shows inline. */
  readonly more: readonly ActionDefinition[];
}

export function layoutRowActions(
  actions: readonly ActionDefinition[],
  compact = false,
): RowActionLayout {
  const maxInline = compact ? COMPACT_MAX_INLINE : MAX_INLINE;
  const beforeMore = compact ? COMPACT_INLINE_BEFORE_MORE : INLINE_BEFORE_MORE;
  if (actions.length <= maxInline) return { inline: actions, more: [] };
  return { inline: actions.slice(0, beforeMore), more: actions.slice(beforeMore) };
}

/** Pixel widths at the table's 14 px font: wide (CJK) characters, others, the links' gaps. */
const WIDE_CHAR = 14;
const NARROW_CHAR = 8;
const DIVIDER = 17;
const CELL_PADDING = 24;
/** 更多 and its arrow. */
const MORE_LINK = 2 * WIDE_CHAR + 16;
const MIN_WIDTH = 80;

function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.charCodeAt(0) > 0xff ? WIDE_CHAR : NARROW_CHAR;
  return width;
}

function layoutWidth({ inline, more }: RowActionLayout): number {
  const links = inline.map((action) => textWidth(actionLabel(action)));
  if (more.length > 0) links.push(MORE_LINK);
  const sum = links.reduce((total, width) => total + width, 0);
  return sum + DIVIDER * Math.max(0, links.length - 1) + CELL_PADDING;
}

/**
 * The actions column's width: enough for the widest row among `rows` (every action when there
 * are no rows yet).
 */
export function rowActionsWidth(
  actions: readonly ActionDefinition[],
  rows: readonly Row[],
  compact = false,
): number {
  const sets = rows.length > 0 ? rows.map((row) => actionsOfRow(actions, row)) : [actions];
  return Math.max(MIN_WIDTH, ...sets.map((set) => layoutWidth(layoutRowActions(set, compact))));
}
