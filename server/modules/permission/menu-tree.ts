import { createHash } from 'node:crypto';
import type {
  AuthEntry,
  AuthType,
  MenuItem,
  PermissionPayload,
  SystemAuthEntry,
} from '../../../src/contracts/permission';

/** The permission columns the payload is built from. */
export interface PermissionRow {
  readonly id: string;
  readonly parentId: string | null;
  readonly name: string;
  readonly url: string | null;
  readonly component: string | null;
  readonly componentName: string | null;
  readonly redirect: string | null;
  readonly menuType: number;
  readonly perms: string | null;
  readonly permsType: string;
  readonly sortNo: number;
  readonly alwaysShow: boolean;
  readonly icon: string | null;
  readonly isRoute: boolean;
  readonly keepAlive: boolean;
  readonly hidden: boolean;
  readonly status: string;
  readonly internalOrExternal: boolean;
}

export const MENU_TOP = 0;
export const MENU_SUB = 1;
export const MENU_BUTTON = 2;

/** The home entry prepended when a user's grants hold none (jeecg-api.md §3). */
export const HOME_ROW: PermissionRow = {
  id: 'home',
  parentId: null,
  name: '首页',
  url: '/dashboard/analysis',
  component: 'dashboard/Analysis',
  componentName: 'dashboard-analysis',
  redirect: null,
  menuType: MENU_TOP,
  perms: null,
  permsType: '1',
  sortNo: 0,
  alwaysShow: false,
  icon: 'home',
  isRoute: true,
  keepAlive: false,
  hidden: false,
  status: '1',
  internalOrExternal: false,
};

function isExternalOrTemplate(url: string): boolean {
  return /^(https?:\/\/|\{\{)/.test(url);
}

/** Route path of a menu row: its url, or the MD5 of an external / template url. */
export function menuPath(url: string): string {
  return isExternalOrTemplate(url) ? createHash('md5').update(url).digest('hex') : url;
}

/** Route name: component_name, else the url with `/` → `-` and `:` → `@`. */
export function menuName(row: Pick<PermissionRow, 'componentName' | 'url'>): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function componentName(row: PermissionRow): string {
  if (row.componentName) return row.componentName;
  const component = row.component ?? '';
  return component.slice(component.lastIndexOf('/') + 1);
}

function authType(value: string): AuthType {
  return value === '2' ? '2' : '1';
}

function toAuth(row: PermissionRow): AuthEntry {
  return { action: row.perms ?? '', type: authType(row.permsType), describe: row.name };
}

function bySort(a: PermissionRow, b: PermissionRow): number {
  return a.sortNo - b.sortNo || a.name.localeCompare(b.name, 'zh-CN');
}

function toMenuItem(
  row: PermissionRow,
  childrenOf: ReadonlyMap<string | null, PermissionRow[]>,
  topLevel: boolean,
): MenuItem {
  const url = row.url ?? '';
  const kids = childrenOf.get(row.id) ?? [];
  const buttons = kids.filter((k) => k.menuType === MENU_BUTTON && k.perms);
  const menus = kids.filter((k) => k.menuType !== MENU_BUTTON);
  const children = menus.map((k) => toMenuItem(k, childrenOf, false));
  return {
    id: row.id,
    path: menuPath(url),
    name: menuName(row),
    component: row.component ?? '',
    ...(topLevel && row.redirect ? { redirect: row.redirect } : {}),
    route: row.isRoute ? '1' : '0',
    ...(row.hidden ? { hidden: true } : {}),
    ...(row.alwaysShow ? { alwaysShow: true } : {}),
    meta: {
      title: row.name,
      ...(row.icon ? { icon: row.icon } : {}),
      ...(row.hidden ? { hidden: true } : {}),
      keepAlive: row.keepAlive,
      componentName: componentName(row),
      ...(isExternalOrTemplate(url) ? { url } : {}),
      ...(buttons.length > 0 ? { permissionList: buttons.map(toAuth) } : {}),
      internalOrExternal: row.internalOrExternal,
    },
    ...(children.length > 0 ? { children } : {}),
  };
}

/**
 * Builds the payload of getUserPermissionByToken from the rows a user is granted and every
 * button of the system. Menus form a tree from the roots down (a granted child whose parent is
 * not granted is unreachable and left out); buttons fold into their menu's permissionList.
 */
export function buildPermissionPayload(
  granted: readonly PermissionRow[],
  allButtons: readonly PermissionRow[],
): PermissionPayload {
  const rows = [...granted].sort(bySort);
  if (!rows.some((r) => r.name === HOME_ROW.name && r.menuType !== MENU_BUTTON)) {
    rows.unshift(HOME_ROW);
  }
  const childrenOf = new Map<string | null, PermissionRow[]>();
  for (const row of rows) {
    const key = row.parentId ?? null;
    const list = childrenOf.get(key) ?? [];
    list.push(row);
    childrenOf.set(key, list);
  }
  const menu = (childrenOf.get(null) ?? [])
    .filter((r) => r.menuType !== MENU_BUTTON)
    .map((r) => toMenuItem(r, childrenOf, true));

  const auth = rows
    .filter((r) => r.menuType === MENU_BUTTON && r.status === '1' && r.perms)
    .map(toAuth);
  const allAuth: SystemAuthEntry[] = allButtons
    .filter((r) => r.perms)
    .map((r) => ({ ...toAuth(r), status: r.status === '0' ? '0' : '1' }));
  return { menu, auth, allAuth };
}
