/**
 * Page definitions: a list, form, tree-list or master-detail screen as JSON.
 *
 * One `fields` list feeds the query form, the list columns and the edit form; each field says
 * in which views it appears. Every definition carries `schemaVersion`; older shapes are
 * upgraded by `upgradePageDefinition` (page-upgrade.ts) and every definition is validated
 * against `PAGE_META_SCHEMA` (page-schema.ts) before anything renders it.
 */

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

/** Renderer type names of this issue; later issues register more through the registry. */
export type BuiltinFieldType =
  | 'input'
  | 'inputNumber'
  | 'textarea'
  | 'select'
  | 'select-multiple'
  | 'checkbox'
  | 'radio'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'time'
  | 'dict-select'
  | 'checkbox-group'
  | 'hidden'
  | 'normal'
  | 'password';

export interface FieldOption {
  readonly value: string;
  readonly text: string;
}

/** Query rules (widgets.md §9). */
export type QueryRule =
  'eq' | 'like' | 'right_like' | 'left_like' | 'in' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

/**
 * Validation rule (widgets.md §5). Exactly one of `required`, `pattern`, `unique` or
 * `checkRule` per rule; the first failing rule's message is shown.
 */
export interface ValidateRule {
  readonly required?: boolean;
  /**
   * A preset (`n6-16`, `*6-16`, `s6-18`, `url`, `e`, `m`, `p`, `s`, `n`, `z`, `*`, `money`,
   * `only`) or any other text, taken as a regular expression.
   */
  readonly pattern?: string;
  /** The server decides whether the value is unused (`/sys/duplicate/check`). */
  readonly unique?: boolean;
  /** A code rule stored on the server (`/sys/checkRule/checkByCode`). */
  readonly checkRule?: string;
  /** Message; `${title}` is replaced by the field label. */
  readonly message?: string;
}

export interface QueryView {
  /** How the text box filters. Default `like` for text, `eq` otherwise. */
  readonly rule?: QueryRule;
  /** `range` gives a from–to pair (`_begin` / `_end`). Default `single`. */
  readonly mode?: 'single' | 'range';
  /** Shown before the form is expanded. Default: the first ones fitting one row. */
  readonly pinned?: boolean;
}

export interface ListView {
  /** Column width in px. */
  readonly width?: number;
  /** The column may be sorted by the server. */
  readonly sorter?: boolean;
  readonly fixed?: 'left' | 'right';
  /** Shorten long text with a tooltip. */
  readonly ellipsis?: boolean;
}

export interface FormView {
  /** Grid span out of 24. Default: 24 / form.columns. */
  readonly span?: number;
  /** Shown but not editable. */
  readonly readOnly?: boolean;
  /** Kept in the form's value but not shown. */
  readonly hidden?: boolean;
  /** Only when creating / only when editing. Default both. */
  readonly only?: 'create' | 'edit';
}

export interface FieldDefinition {
  /** Property name in records (and the column name of an online table). */
  readonly name: string;
  readonly label: string;
  /** Renderer type from the registry. */
  readonly type: string;
  /** Props for the renderer, checked against its props schema. */
  readonly props?: Readonly<Record<string, unknown>>;
  /** System dictionary giving the options and the list text. */
  readonly dictCode?: string;
  /** Fixed options, when there is no dictionary. */
  readonly options?: readonly FieldOption[];
  readonly defaultValue?: unknown;
  readonly placeholder?: string;
  readonly validateRules?: readonly ValidateRule[];
  /** In the query form (true = defaults). */
  readonly query?: boolean | QueryView;
  /** In the list (true = defaults). Default true. */
  readonly list?: boolean | ListView;
  /** In the edit form (true = defaults). Default true. */
  readonly form?: boolean | FormView;
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

/** Built-in actions, or a custom key with its own `url` or `open`. */
export type ActionKey =
  'add' | 'batchDelete' | 'export' | 'import' | 'edit' | 'detail' | 'delete' | 'addChild';

export interface ActionDefinition {
  readonly key: ActionKey | string;
  readonly label?: string;
  /** Permission code gating the button (the `has` rule); the server checks it too. */
  readonly permission?: string;
  /** Confirmation text asked before a custom action runs (before its `form`). Default none. */
  readonly confirm?: string;
  /**
   * Custom actions: url called with the selected ids (toolbar) or the row id (row). Not
   * together with `open`.
   */
  readonly url?: string;
  /** How `url` is called. Default `post`. */
  readonly method?: 'get' | 'post' | 'put' | 'delete';
  /** `url` actions: fixed values sent with the call, over everything else. Default none. */
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  /** `url` row actions: `{ parameter: rowField }`, row values sent with the call. Default none. */
  readonly rowParams?: Readonly<Record<string, string>>;
  /** `url` actions: fields asked in a dialog before the call, sent with it. Default none. */
  readonly form?: ActionForm;
  /** Opens a stored page or a registered panel in a drawer (instead of a `url`). */
  readonly open?: ActionOpen;
}

/**
 * The dialog of a `url` action (e.g. 重置密码 asks 新密码 and 确认密码): its fields are checked by
 * their `validateRules` like the edit form's, and their values go with the call.
 */
export interface ActionForm {
  /** Dialog title. Default: the action label. */
  readonly title?: string;
  /** Dialog width in px. Default 600. */
  readonly width?: number;
  /** The fields asked, shaped and checked like page fields (1–50). Required. */
  readonly fields: readonly FieldDefinition[];
}

/** What an `open` action shows in a drawer: a stored page or a panel the host registered. */
export interface ActionOpen {
  /** Code of a stored page rendered in a drawer (exactly one of page / panel). */
  readonly page?: string;
  /** Name of a panel the host registered (a hand-written screen such as the 授权 tree). */
  readonly panel?: string;
  /** Drawer title. Default: the action label. */
  readonly title?: string;
  /** Drawer width in px. Default 800 (full width below 768 px). */
  readonly width?: number;
  /** Row fields bound into the opened page: `{ "permissionId": "id" }` makes every list call of
   *  the page carry `permissionId=<row.id>` and every new record start with it. Row actions only. */
  readonly bind?: Readonly<Record<string, string>>;
}

export type LinkageOperator = 'eq' | 'ne' | 'in' | 'notIn' | 'empty' | 'notEmpty' | 'gt' | 'lt';
export type LinkageEffect =
  'show' | 'hide' | 'enable' | 'disable' | 'require' | 'optional' | 'setValue' | 'clear';

/**
 * When `when.field` meets the condition, `effect` applies to every target; when it stops
 * meeting it, the opposite effect applies (show↔hide, enable↔disable, require↔optional).
 * `setValue` and `clear` apply only on the transition into the condition.
 */
export interface LinkageRule {
  readonly when: {
    readonly field: string;
    readonly operator: LinkageOperator;
    /** Compared value; a list for `in` / `notIn`; absent for `empty` / `notEmpty`. */
    readonly value?: unknown;
  };
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
