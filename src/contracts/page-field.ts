/**
 * The fields of a page definition (page.ts): one list feeds the query form, the list columns
 * and the edit form; each field says in which views it appears. Also the condition shape that
 * linkages and row actions (`when`) share.
 */

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
  | 'password'
  | 'select-search'
  | 'list_multi'
  | 'progress'
  | 'tags';

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
  /** Detail grids: figures of this column in the 统计 footer row. Default none. */
  readonly statistics?: readonly ('sum' | 'average')[];
}

export interface FormView {
  /** Grid span out of 24. Default: 24 / form.columns. */
  readonly span?: number;
  /**
   * Shown but not editable: `true` always, `'edit'` only when editing (a code or an account
   * name that is chosen when the record is created). Default `false`.
   */
  readonly readOnly?: boolean | 'edit';
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
  /**
   * Dictionary giving the options and the list text: a system dictionary code (`sex`), or a
   * table dictionary `table,text,code` (`sys_position,name,code`; the server decides which
   * tables and columns may be named).
   */
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

export type LinkageOperator = 'eq' | 'ne' | 'in' | 'notIn' | 'empty' | 'notEmpty' | 'gt' | 'lt';

/** A condition on one value of a record or form: linkages and row actions (`when`) use it. */
export interface FieldCondition {
  /** The field (or record key) whose value is compared. */
  readonly field: string;
  readonly operator: LinkageOperator;
  /** Compared value; a list for `in` / `notIn`; absent for `empty` / `notEmpty`. */
  readonly value?: unknown;
}
