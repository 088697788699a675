/**
 * Page definitions: a list, form, tree-list or master-detail screen as JSON.
 *
 * One `fields` list feeds the query form, the list columns and the edit form; each field says
 * in which views it appears. Every definition carries `schemaVersion`; older shapes are
 * upgraded by `upgradePageDefinition` (page-upgrade.ts) and every definition is validated
 * against `PAGE_META_SCHEMA` (page-schema.ts) before anything renders it.
 */

import type { ActionDefinition } from './page-action';
import type { FieldCondition, FieldDefinition } from './page-field';

export type { ActionDefinition, ActionForm, ActionKey, ActionOpen } from './page-action';
export type {
  BuiltinFieldType,
  FieldCondition,
  FieldDefinition,
  FieldOption,
  FormView,
  LinkageOperator,
  ListView,
  QueryRule,
  QueryView,
  ValidateRule,
} from './page-field';

/** The version this code writes and renders. */
export const PAGE_SCHEMA_VERSION = 2;

export type PageKind = 'list' | 'form' | 'tree-list' | 'master-detail';

/** A page code, a field name, a table or column name: letters, digits, underscores. */
export const PAGE_CODE_PATTERN = '^[a-z][a-z0-9_]{1,63}$';
export const FIELD_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,62}$';
export const SQL_NAME_PATTERN = '^[a-z][a-z0-9_]{0,62}$';
/** A panel the host registers for `open.panel` (letters, digits, `_`, `-`). */
export const PANEL_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

export interface PageDefinition {
  /** Shape version; always PAGE_SCHEMA_VERSION once upgraded. */
  readonly schemaVersion: typeof PAGE_SCHEMA_VERSION;
  /** Unique page code, used in urls and menu entries (`/online/page/{code}`). */
  readonly code: string;
  readonly title: string;
  readonly kind: PageKind;
  readonly description?: string;
  /**
   * Server calls. A page with its own `table` gets the online-table urls by default
   * (`/online/cgform/api/{code}/list` …); a page on a system entity names them.
   */
  readonly api?: PageApi;
  /** A table this page owns; the server creates and alters it (online table). */
  readonly table?: TableDefinition;
  /**
   * The server table a page without its own `table` edits (e.g. `sys_user`): unique checks
   * (`/sys/duplicate/check`) name it. Ignored when `table` is set.
   */
  readonly entity?: string;
  readonly fields: readonly FieldDefinition[];
  readonly list?: ListOptions;
  readonly form?: FormOptions;
  readonly tree?: TreeOptions;
  /** Buttons above the list. Default: add, batchDelete, export, import. */
  readonly toolbar?: readonly ActionDefinition[];
  /** Buttons on each row. Default: edit, detail, delete. */
  readonly rowActions?: readonly ActionDefinition[];
  /** Explicit field linkage rules of the edit form. */
  readonly linkages?: readonly LinkageRule[];
  /** Detail tables of a master-detail page. */
  readonly details?: readonly DetailDefinition[];
}

/** Urls relative to the API base (`/system`). Absent urls give the 请设置url.xxx属性! messages. */
export interface PageApi {
  readonly list?: string;
  readonly add?: string;
  readonly edit?: string;
  readonly delete?: string;
  readonly deleteBatch?: string;
  readonly queryById?: string;
  readonly exportXls?: string;
  readonly importExcel?: string;
  /** Tree lists: children of a node (the node id as `tree.childrenParam`, default `pid`). */
  readonly children?: string;
}

export interface ListOptions {
  /** Default 10. */
  readonly pageSize?: number;
  /** Default [5, 10, 20, 30, 100]. */
  readonly pageSizeOptions?: readonly number[];
  /** Default `createTime`. */
  readonly sortColumn?: string;
  /** Default `desc`. */
  readonly sortOrder?: 'asc' | 'desc';
  /** Record key. Default `id`. */
  readonly rowKey?: string;
  /** Row selection for batch actions. Default `checkbox`. */
  readonly selection?: 'checkbox' | 'radio' | 'none';
  /** Query fields shown before expanding. Default 3. */
  readonly queryVisibleCount?: number;
}

export interface FormOptions {
  /** Default `modal`. */
  readonly container?: 'modal' | 'drawer';
  /** Default 800 (modal) / 600 (drawer). */
  readonly width?: number;
  /** Fields per row: 1, 2 or 3. Default 1 (2 from 8 fields). */
  readonly columns?: 1 | 2 | 3;
  /** Label width in px. Default 100. */
  readonly labelWidth?: number;
}

export interface TreeOptions {
  /** Field of a record holding its parent's id (新增下级 presets it). Default `pid`. */
  readonly parentField?: string;
  /** Field saying whether a node has children ('1'/'0' or boolean). Default `hasChild`. */
  readonly hasChildField?: string;
  /** Field shown as the tree column. Default the first list field. */
  readonly titleField?: string;
  /** Root parent value. Default '0'. */
  readonly rootValue?: string;
  /**
   * The parameter naming the parent in list calls: the top level is `api.list` with
   * `{childrenParam}={rootValue}`, a node's children `api.children` with the node id.
   * Default `pid`.
   */
  readonly childrenParam?: string;
}

export type LinkageEffect =
  'show' | 'hide' | 'enable' | 'disable' | 'require' | 'optional' | 'setValue' | 'clear';

/**
 * When `when.field` meets the condition, `effect` applies to every target; when it stops
 * meeting it, the opposite effect applies (show↔hide, enable↔disable, require↔optional).
 * `setValue` and `clear` apply only on the transition into the condition.
 */
export interface LinkageRule {
  readonly when: FieldCondition;
  readonly targets: readonly string[];
  readonly effect: LinkageEffect;
  /** For `setValue`. */
  readonly value?: unknown;
}

export interface DetailDefinition {
  readonly code: string;
  readonly title: string;
  /** Field of the detail rows holding the master id. */
  readonly foreignKey: string;
  readonly fields: readonly FieldDefinition[];
  /** The detail table, when the page owns its tables. */
  readonly table?: TableDefinition;
  /** Url listing the detail rows of a master (`{foreignKey}` parameter). */
  readonly listUrl?: string;
  /** How the detail rows are edited (the editable grid). */
  readonly grid?: DetailGridOptions;
}

/** The order field of a drag-sorted grid when it names none (widgets.md §3). */
export const DEFAULT_DRAG_SORT_KEY = 'orderNum';

/** The editable grid of a detail table (widgets.md §2.5); every option has a default. */
export interface DetailGridOptions {
  /** Row numbers with the row menu (向上移, 向下移, 插入一行). Default true. */
  readonly rowNumber?: boolean;
  /** A checkbox column for 删除. Default true. */
  readonly rowSelection?: boolean;
  /** A drag handle; the order field is renumbered from 1. Default false. */
  readonly dragSort?: boolean;
  /** The order field (a field of the detail). Default `orderNum`. */
  readonly dragSortKey?: string;
  /** Every visible cell is an editor. Default false (a cell edits on click). */
  readonly alwaysEdit?: boolean;
  /** Grid height limit in px. Default 400. */
  readonly maxHeight?: number;
  /** Saves in other browsers patch the open rows (live table sync). Default true. */
  readonly socketReload?: boolean;
  /** Patched rows flash. Default true. */
  readonly reloadEffect?: boolean;
}

/** Column types an online table may use; nothing else reaches DDL. */
export type ColumnType =
  'string' | 'text' | 'int' | 'bigint' | 'decimal' | 'date' | 'datetime' | 'boolean';

export interface ColumnDefinition {
  /** Column name (SQL_NAME_PATTERN); a field of the same name edits it. */
  readonly name: string;
  readonly type: ColumnType;
  /** `string`: max length (1–4000). Default 255. */
  readonly length?: number;
  /** `decimal`: precision (1–38) and scale (0–precision). Default 18, 2. */
  readonly precision?: number;
  readonly scale?: number;
  /** Default true. */
  readonly nullable?: boolean;
  readonly comment?: string;
}

export interface IndexDefinition {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique?: boolean;
}

/**
 * A table the page owns. The server adds `id`, `create_by`, `create_time`, `update_by`,
 * `update_time` (and `pid`, `has_child` for tree lists) and never drops a column unless the
 * save explicitly confirms it.
 */
export interface TableDefinition {
  readonly name: string;
  readonly columns: readonly ColumnDefinition[];
  readonly indexes?: readonly IndexDefinition[];
}

/** One problem found in a definition: where (a JSON pointer) and what (Chinese). */
export interface PageProblem {
  readonly path: string;
  readonly message: string;
}

/** Page list row (page store). */
export interface PageSummary {
  readonly id: string;
  readonly code: string;
  readonly title: string;
  readonly kind: PageKind;
  readonly version: number;
  readonly tableName: string | null;
  readonly updateBy: string | null;
  readonly updateTime: string | null;
}

/** One stored version of a page. */
export interface PageVersion {
  readonly version: number;
  readonly createBy: string | null;
  readonly createTime: string | null;
  /** JSON pointers of what changed against the previous version. */
  readonly changes: readonly string[];
  readonly note: string | null;
}
