/**
 * The permission payload of GET /sys/permission/getUserPermissionByToken
 * (shell.md §3, jeecg-api.md §3).
 */

/** '1' button-like (show/hide), '2' data/field-like (separate data-permission check). */
export type AuthType = '1' | '2';
/** '0' disabled, '1' enabled. */
export type AuthStatus = '0' | '1';

/** A button permission the user holds. */
export interface AuthEntry {
  /** Permission code(s), e.g. `user:add`; may be comma-separated. */
  readonly action: string;
  readonly type: AuthType;
  /** Human name of the permission. */
  readonly describe: string;
}

/** A button permission of the whole system, with its status. */
export interface SystemAuthEntry extends AuthEntry {
  readonly status: AuthStatus;
}

export interface MenuMeta {
  readonly title: string;
  readonly icon?: string;
  /** Window target of the menu link, e.g. `_blank`. */
  readonly target?: string;
  readonly hidden?: boolean;
  readonly keepAlive: boolean;
  readonly componentName: string;
  /** External address or `{{expr}}` template; only set for such entries. */
  readonly url?: string;
  /** Button permissions attached to this menu. */
  readonly permissionList?: readonly AuthEntry[];
  /** Open in a new window instead of inside the app. */
  readonly internalOrExternal: boolean;
}

export interface MenuItem {
  readonly id: string;
  readonly path: string;
  readonly name: string;
  /** Screen component, e.g. `layouts/RouteView`, `system/UserList`. */
  readonly component: string;
  /** Only on top-level items. */
  readonly redirect?: string;
  /** `'1'` make a route; `'0'` menu entry only. */
  readonly route: '0' | '1';
  /** Present (true) only when hidden. */
  readonly hidden?: boolean;
  /** Present (true) only when set. */
  readonly alwaysShow?: boolean;
  readonly meta: MenuMeta;
  readonly children?: readonly MenuItem[];
}

export interface PermissionPayload {
  readonly menu: readonly MenuItem[];
  readonly auth: readonly AuthEntry[];
  readonly allAuth: readonly SystemAuthEntry[];
}

/**
 * GET (signed in) `?path=`: whether the path is a screen of the menu, held by the caller or
 * not. The shell shows 403 for a known path the caller's menu lacks, 404 otherwise.
 */
export const MENU_PATH_STATUS_PATH = '/sys/permission/menuPathStatus';

export interface MenuPathStatus {
  readonly known: boolean;
}
