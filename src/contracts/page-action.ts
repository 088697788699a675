import type { FieldCondition, FieldDefinition } from './page-field';

/**
 * The buttons of a list page (page.ts `toolbar`, `rowActions`): built-in keys, `url` calls
 * (fixed values, row values, a dialog of fields asked first) and `open` drawers.
 */

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
  /**
   * Row actions: shown only on rows meeting the condition (冻结 when `status` is 1). Default:
   * every row.
   */
  readonly when?: FieldCondition;
  /**
   * Toolbar `url` actions: `required` refuses to run without a selected row
   * (请选择一条记录！) instead of calling the server with no ids. Default: runs either way.
   */
  readonly selection?: 'required';
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
