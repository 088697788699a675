import type { CSSProperties, ReactNode } from 'react';
import type { FieldOption } from '../../src/contracts/page';

/**
 * The editable grid (widgets.md §2.5, §3, §4, §5, §9): the public contract shared by the row
 * model (`registry/grid/model/`, pure TypeScript) and the React grid on react-data-grid
 * (`registry/grid/EditableGrid.tsx`). Cell state lives in the grid, not in a form library:
 * a keystroke re-renders one cell, a row commits as a whole.
 */

/** A row as the grid holds it: the row key (default `id`) plus one value per column key. */
export type GridRow = Record<string, unknown>;

/** The grid's own column types (row-number, row-checkbox, …) are `RESERVED_TYPES` of the registry. */

/**
 * A cell rule (§5). `pattern`: a preset of `src/contracts/validate-presets.ts`, `only`
 * (unique within the grid), `*` (required) or a regular expression. `handler` decides
 * asynchronously: it resolves to an error message, or to '' / undefined when the value passes.
 * `message` may hold `${title}`, `${key}` and `${defaultValue}`.
 */
export interface GridRule {
  readonly required?: boolean;
  readonly unique?: boolean;
  readonly pattern?: string;
  readonly message?: string;
  readonly handler?: (cell: RuleCell) => Promise<string | undefined> | string | undefined;
}

/** What a rule handler sees. */
export interface RuleCell {
  readonly value: unknown;
  readonly row: Readonly<GridRow>;
  readonly column: GridColumn;
  /** Every row of the grid (unique checks across rows). */
  readonly rows: readonly Readonly<GridRow>[];
}

/** One column (§3 "Grid column"). Only `key`, `title` and `type` are required. */
export interface GridColumn {
  /** Field name in the rows. */
  readonly key: string;
  readonly title: string;
  /** A renderer type of the registry (`input`, `select`, `date`, …) or a reserved type. */
  readonly type: string;
  /**
   * Px, or a CSS track size such as `'10%'`. Unset: the type's width (datetime 200, sel_user
   * 220, sel_depart 160), else a share of 92% of the width the fixed columns leave, at least 120.
   */
  readonly width?: number | string;
  readonly minWidth?: number;
  readonly placeholder?: string;
  readonly options?: readonly FieldOption[];
  readonly dictCode?: string;
  readonly validateRules?: readonly GridRule[];
  /** Value of a new row; `${title}`-free plain value. */
  readonly defaultValue?: unknown;
  /** checkbox: checked on a new row. */
  readonly defaultChecked?: boolean;
  /** checkbox: the values stored for checked and unchecked. Default [true, false]. */
  readonly customValue?: readonly [unknown, unknown];
  /** Footer figures of this column: `sum`, `average`, or both. */
  readonly statistics?: readonly ('sum' | 'average')[];
  /** inputNumber: new rows take the largest value + 1. */
  readonly isOrder?: boolean;
  readonly allowClear?: boolean;
  readonly allowSearch?: boolean;
  readonly allowInput?: boolean;
  readonly allowDownload?: boolean;
  readonly allowRemove?: boolean;
  readonly disabled?: boolean;
  /** false hides the column (its values are still kept and returned). */
  readonly visible?: boolean;
  readonly fixed?: 'left' | 'right';
  /** Props passed to the cell's widget. */
  readonly props?: Readonly<Record<string, unknown>>;
  /** slot: the key of `GridProps.slots` drawing this cell. */
  readonly slot?: string;
  /** Upload cells (later issues): the upload url, token header, response field, button text. */
  readonly action?: string;
  readonly token?: boolean;
  readonly responseName?: string;
  readonly btnText?: string;
  /** Popup cells (later issues). */
  readonly popupCode?: string;
  readonly orgFields?: string;
  readonly destFields?: string;
  /** tags: a colour per tag value. */
  readonly setTagColor?: (tag: string) => string | undefined;
  /** The cell opens the 详细信息 dialog when clicked. */
  readonly showDetails?: boolean;
}

export type GridSize = 'medium' | 'small' | 'mini' | 'tiny';

/** A row sent over the live table sync channel (§2.12). */
export interface SyncRow extends GridRow {
  readonly tug_status?: Readonly<Record<string, unknown>>;
}

export interface GridPagination {
  readonly current: number;
  readonly pageSize: number;
  readonly total: number;
  readonly pageSizeOptions?: readonly string[];
}

export interface GridProps {
  /** Default `id`. */
  readonly rowKey?: string;
  readonly columns: readonly GridColumn[];
  readonly dataSource: readonly GridRow[];
  /**
   * Permission prefix (widgets.md §6): toolbar add needs `{authPre}add`, delete
   * `{authPre}batch_delete`, and a column `{authPre}{key}`: the codes the user is refused form
   * the exclusion list, and what they name is not drawn (rows keep those values).
   */
  readonly authPre?: string;
  /** Show the toolbar (add, delete, clear selection, save, expand/collapse). */
  readonly toolbar?: boolean;
  /** Extra toolbar content, after the built-in buttons. */
  readonly toolbarExtra?: ReactNode;
  /** 保存 in the toolbar calls this with the collected values. */
  readonly onSave?: (values: GridValues) => void | Promise<void>;
  readonly rowNumber?: boolean;
  readonly rowSelection?: boolean;
  /** Default `checkbox`. */
  readonly rowSelectionType?: 'checkbox' | 'radio';
  /**
   * An expand column: a row's toggle shows `renderExpand(row)` in a content row under it;
   * the toolbar's 展开/收起 toggles every row. (The 子表 popover is `renderSubForm`.)
   */
  readonly rowExpand?: boolean;
  readonly renderExpand?: (row: Readonly<GridRow>) => ReactNode;
  readonly dragSort?: boolean;
  /**
   * With drag sort: a drop reports the move (indexes among the rows) instead of making it, for
   * a host that owns the order and hands the grid its rows again.
   */
  readonly onRowMove?: (from: number, to: number) => void;
  /** A click anywhere in a row (after the cell's own handling). */
  readonly onRowClick?: (row: Readonly<GridRow>) => void;
  /** Extra class of a row (the host's own marking, e.g. the row being set up elsewhere). */
  readonly rowClassName?: (row: Readonly<GridRow>) => string | undefined;
  /** Default `orderNum`. */
  readonly dragSortKey?: string;
  /** Default `medium`. */
  readonly size?: GridSize;
  /** Cross-row rules keyed by column key, merged with the columns' own. */
  readonly editRules?: Readonly<Record<string, readonly GridRule[]>>;
  /**
   * Removing rows waits for `onRemove` (a server delete) before they leave the grid; it
   * answering false (or failing) keeps them.
   */
  readonly asyncRemove?: boolean;
  /** Rows removed (told after they left, or asked first with asyncRemove). */
  readonly onRemove?: (rows: readonly GridRow[]) => Promise<boolean | void> | boolean | void;
  readonly alwaysEdit?: boolean;
  readonly disabled?: boolean;
  /** Live table sync (§2.12): listen on the page channel and patch rows. */
  readonly socketReload?: boolean;
  /** Default `vxe-default`. */
  readonly socketKey?: string;
  /** Flash updated rows for 1400 ms. */
  readonly reloadEffect?: boolean;
  /** Rows whose fields hold these values cannot be selected (`{ status: ['1'] }`). */
  readonly disabledRows?: Readonly<Record<string, readonly unknown[] | unknown>>;
  /** Default 400 (§9). */
  readonly maxHeight?: number;
  readonly pagination?: GridPagination;
  readonly onPageChange?: (current: number, pageSize: number) => void;
  /** A spinner over the grid while true (hosts loading a page of rows). */
  readonly loading?: boolean;
  /** slot cells: key → renderer. */
  readonly slots?: Readonly<Record<string, (cell: SlotCell) => ReactNode>>;
  /** Every committed edit of a row (after the row leaves edit mode), once per changed cell. */
  readonly onValueChange?: (change: GridValueChange) => void;
  readonly onSelectionChange?: (change: GridSelectionChange) => void;
  /** A row click opens 详细信息 (1200 wide) with every column's value. */
  readonly clickShowDetails?: boolean;
  /** The 子表 sub-form of a row, shown in a popover under the row (§4). */
  readonly renderSubForm?: (row: Readonly<GridRow>) => ReactNode;
  /** A row click toggles the 子表 popover of `renderSubForm` (same row closes it). */
  readonly clickShowSubForm?: boolean;
  /** Page id of the live sync channel (§2.12), with `socketReload`. */
  readonly syncPageId?: string;
  /**
   * Draw only the rows and columns in view. Default true; tests in a DOM without layout turn
   * it off (there, with it on, only the first column is drawn).
   */
  readonly enableVirtualization?: boolean;
  /** Accessible name of the grid. */
  readonly 'aria-label'?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
}

export interface SlotCell {
  readonly value: unknown;
  readonly row: Readonly<GridRow>;
  readonly column: GridColumn;
  readonly rowIndex: number;
  readonly setValue: (value: unknown) => void;
}

export interface GridValueChange {
  readonly type: string;
  readonly row: Readonly<GridRow>;
  readonly column: GridColumn;
  readonly value: unknown;
  readonly oldValue: unknown;
}

export interface GridSelectionChange {
  readonly type: 'selected' | 'unselected' | 'selected-all' | 'unselected-all';
  readonly selectedRows: readonly GridRow[];
  readonly selectedRowIds: readonly string[];
}

/** One failing cell. */
export interface CellError {
  readonly rowId: string;
  readonly rowIndex: number;
  readonly key: string;
  readonly message: string;
}

/** What collecting the values answers (§4, §5). */
export interface GridValues {
  /** Number of failing cells (0 = valid). */
  readonly error: number;
  readonly errors: readonly CellError[];
  /** Rows in display order, temporary ids stripped. */
  readonly values: readonly GridRow[];
  /** Ids of saved rows removed since the data was loaded (new rows removed are not here). */
  readonly deleteIds: readonly string[];
}

/** Imperative handle (`ref`) of the grid. */
export interface GridHandle {
  /** Validates every cell and collects the values (promise never rejects). */
  getValues(options?: { validate?: boolean }): Promise<GridValues>;
  /** Like `getValues`, but rejects with the `GridValues` when any cell fails. */
  getValuesPromise(): Promise<GridValues>;
  /** Rows without validation, temporary ids stripped. */
  getTableData(): GridRow[];
  getNewData(): GridRow[];
  getDeleteData(): GridRow[];
  /** The selected rows as held (new rows keep their temporary id, so ids match the rows). */
  getSelection(): { rows: GridRow[]; ids: string[] };
  clearSelection(): void;
  /**
   * Adds rows at the end (or `index`) with the columns' defaults; throttled to one insert per
   * 1500 ms (§9): a call inside the interval adds nothing and answers []. Answers the rows as
   * held (new rows carry their temporary id). `setActive` scrolls to and focuses the first.
   */
  addRows(
    rows?: GridRow | readonly GridRow[],
    options?: { index?: number; setActive?: boolean },
  ): GridRow[];
  /** Throws naming removeRows unless given a row id (string) or a list of ids. */
  removeRows(ids: string | readonly string[]): Promise<void>;
  removeSelectedRows(): Promise<void>;
  /**
   * Patches rows by id (the key itself never changes; a `tug_status` object is merged). With
   * reloadEffect the patched rows flash for 1400 ms. Live sync updates arrive through here.
   */
  setValues(patches: readonly { rowKey: string; values: GridRow }[]): void;
  /** Replaces the data (a reload): bookkeeping and selection start over. */
  loadData(rows: readonly GridRow[]): void;
}
