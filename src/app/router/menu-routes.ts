import type { AuthEntry, MenuItem } from '../../contracts/permission';
import { isSafeMenuTarget } from '../../contracts/urls';
import { renderUrlTemplate, type TemplateContext } from '../../runtime/url-template';

/** The home page (shell.md §9). */
export const HOME_PATH = '/dashboard/analysis';
export const ROUTE_VIEW = 'layouts/RouteView';
export const IFRAME_VIEW = 'layouts/IframePageView';

export interface RouteMeta {
  readonly title: string;
  readonly icon?: string;
  readonly target?: string;
  readonly keepAlive: boolean;
  readonly componentName: string;
  /** External address with `{{expr}}` templates already rendered. */
  readonly url?: string;
  readonly permissionList: readonly AuthEntry[];
  readonly internalOrExternal: boolean;
}

/** A route made from a menu item (shell.md §2 "Menu-to-route conversion"). */
export interface AppRoute {
  readonly id: string;
  /** Absolute path. */
  readonly path: string;
  readonly name: string;
  readonly component: string;
  readonly redirect?: string;
  readonly hidden: boolean;
  readonly meta: RouteMeta;
  readonly children: readonly AppRoute[];
}

/** The menu's url with its template rendered; dropped when it would not be safe to open. */
function targetOf(url: string | undefined, context: TemplateContext): string | null {
  if (!url) return null;
  const rendered = renderUrlTemplate(url, context);
  return isSafeMenuTarget(rendered) ? rendered : null;
}

function convert(item: MenuItem, context: TemplateContext): AppRoute {
  const url = targetOf(item.meta.url, context);
  const children = (item.children ?? [])
    .filter((child) => child.route !== '0')
    .map((child) => convert(child, context));
  const redirect = item.alwaysShow ? item.path : item.redirect;
  return {
    id: item.id,
    path: item.path.startsWith('/') ? item.path : `/${item.path}`,
    name: item.name,
    component: item.component,
    ...(redirect ? { redirect } : {}),
    hidden: Boolean(item.hidden || item.meta.hidden),
    meta: {
      title: item.meta.title,
      ...(item.meta.icon ? { icon: item.meta.icon } : {}),
      ...(item.meta.target ? { target: item.meta.target } : {}),
      keepAlive: item.meta.keepAlive,
      componentName: item.meta.componentName,
      ...(url ? { url } : {}),
      permissionList: item.meta.permissionList ?? [],
      internalOrExternal: item.meta.internalOrExternal,
    },
    children,
  };
}

/**
 * Turns the server menu into routes: items whose route flag is '0' are skipped (with their
 * children), alwaysShow items redirect to their own path, `{{expr}}` urls are rendered (and
 * dropped unless they render to a route path or an http(s) link).
 */
export function menuToRoutes(menu: readonly MenuItem[], context: TemplateContext): AppRoute[] {
  return menu.filter((item) => item.route !== '0').map((item) => convert(item, context));
}

/** Every route of the tree, parents before children, with the titles above it. */
export interface FlatRoute {
  readonly route: AppRoute;
  /** Titles from the top-level entry down to this route's parent. */
  readonly trail: readonly string[];
}

export function flattenRoutes(routes: readonly AppRoute[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (list: readonly AppRoute[], trail: readonly string[]) => {
    for (const route of list) {
      out.push({ route, trail });
      walk(route.children, [...trail, route.meta.title]);
    }
  };
  walk(routes, []);
  return out;
}

/** Where a route without a screen of its own (a RouteView parent) sends the user. */
export function redirectTarget(route: AppRoute): string | null {
  if (route.redirect && route.redirect !== route.path) return route.redirect;
  if (route.component === ROUTE_VIEW) {
    const first = route.children.find((child) => !child.hidden) ?? route.children[0];
    return first ? (redirectTarget(first) ?? first.path) : null;
  }
  return null;
}

/** Menu search entries: every non-hidden, non-layout entry (shell.md §2 "Menu search"). */
export function searchableRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return flattenRoutes(routes)
    .map((f) => f.route)
    .filter(
      (r) =>
        !r.hidden && r.component !== ROUTE_VIEW && !r.component.startsWith('layouts/RouteView'),
    );
}

/** Opens outside the app: an external entry or an iframe page. */
export function opensInNewWindow(route: AppRoute): boolean {
  return route.meta.internalOrExternal || route.component === IFRAME_VIEW;
}
