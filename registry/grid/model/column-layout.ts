/** Column sizes and the grid's own columns (§9 widths, §5 minimum widths). Pure. */
import { RESERVED_TYPES, isHiddenType } from '../../../src/contracts/catalogue/index';
import type { GridColumn } from '../types';
import { gridOf } from './type-grid';
import {
  DEFAULT_COLUMN_WIDTH,
  ROW_NUMBER_WIDTH,
  SPECIAL_COLUMN_WIDTH,
  SPECIAL_COLUMN_WIDTH_WITH_FOOTER,
} from './constants';

export type ReservedType =
  'row-number' | 'row-checkbox' | 'row-radio' | 'row-expand' | 'row-drag-sort';

export function isReservedType(type: string): type is ReservedType {
  return RESERVED_TYPES.includes(type);
}

/** Columns not drawn: a hidden type, `visible: false` or zero width (values are kept). */
export function isCollapsed(column: GridColumn): boolean {
  return isHiddenType(column.type) || column.visible === false || column.width === 0;
}

/** Width of one of the grid's own columns: 60 row number, 40 others (60 with a footer). */
export function reservedWidth(type: ReservedType, footer: boolean): number {
  if (type === 'row-number') return ROW_NUMBER_WIDTH;
  return footer ? SPECIAL_COLUMN_WIDTH_WITH_FOOTER : SPECIAL_COLUMN_WIDTH;
}

/** The minimum width of a value column: its own, else its type's (date 135, datetime 190, …). */
export function minWidthOf(column: GridColumn): number | undefined {
  return column.minWidth ?? gridOf(column.type)?.minWidth;
}

/** §9: the columns without a width of their own or of their type share this part of the width. */
export const SHARED_WIDTH_FRACTION = 0.92;

/** A value column with no width of its own or of its type: it takes a share of the width. */
export function sharesWidth(column: GridColumn): boolean {
  return (
    !isReservedType(column.type) &&
    column.width === undefined &&
    gridOf(column.type)?.width === undefined
  );
}

/** The narrowest a sharing column gets, drawn or resized: 120, or its minimum when wider. */
export function shareFloorOf(column: GridColumn): number {
  return Math.max(DEFAULT_COLUMN_WIDTH, minWidthOf(column) ?? 0);
}

/**
 * The width of a value column: its own, else its type's default, else its share of the width
 * (`share`, from {@link sharedWidth}) but never below 120; never below the minimum.
 */
export function widthOf(column: GridColumn, share?: string): number | string {
  const min = minWidthOf(column) ?? 0;
  if (typeof column.width === 'string') return column.width;
  if (share !== undefined && sharesWidth(column)) return `max(${shareFloorOf(column)}px, ${share})`;
  const width = column.width ?? gridOf(column.type)?.width ?? DEFAULT_COLUMN_WIDTH;
  return Math.max(width, min);
}

/**
 * §9 "other columns share 92% of the width": the columns without a width (laid out, so
 * collapsed ones are gone) split 92% of what the fixed-width columns leave, as a CSS length.
 * A few columns fill a wide dialog; many fall back to 120 px each and the grid scrolls
 * sideways. Undefined when every column has a width.
 */
export function sharedWidth(laid: readonly GridColumn[], footer: boolean): string | undefined {
  let fixed = 0;
  let sharing = 0;
  for (const column of laid) {
    if (isReservedType(column.type)) fixed += reservedWidth(column.type, footer);
    else if (sharesWidth(column)) sharing += 1;
    else {
      const width = widthOf(column);
      if (typeof width === 'number') fixed += width;
    }
  }
  if (sharing === 0) return undefined;
  return `calc((100% - ${fixed}px) * ${SHARED_WIDTH_FRACTION} / ${sharing})`;
}

export interface GridFlags {
  readonly rowNumber?: boolean;
  readonly rowSelection?: boolean;
  readonly rowSelectionType?: 'checkbox' | 'radio';
  readonly rowExpand?: boolean;
  readonly dragSort?: boolean;
}

/**
 * The columns in drawing order: the grid's own columns the flags ask for (row number,
 * selection, expand, drag handle) first unless the definition places them, then the rest;
 * collapsed columns left out.
 */
export function layoutColumns(columns: readonly GridColumn[], flags: GridFlags): GridColumn[] {
  const placed = new Set(columns.filter((c) => isReservedType(c.type)).map((c) => c.type));
  const own: GridColumn[] = [];
  const add = (type: ReservedType, wanted: boolean | undefined) => {
    if (wanted && !placed.has(type)) own.push({ key: type, title: '', type });
  };
  add('row-number', flags.rowNumber);
  const radio = flags.rowSelectionType === 'radio';
  if (!placed.has('row-checkbox') && !placed.has('row-radio')) {
    add(radio ? 'row-radio' : 'row-checkbox', flags.rowSelection);
  }
  add('row-expand', flags.rowExpand);
  add('row-drag-sort', flags.dragSort);
  return [...own, ...columns.filter((c) => !isCollapsed(c))];
}
