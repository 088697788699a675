import type { MenuProps } from 'antd';
import type { AppRoute } from '../router/menu-routes';
import { MenuIcon } from './icons';

type Items = NonNullable<MenuProps['items']>;

/** antd menu items for routes (hidden ones left out); keys are route paths. */
export function menuItems(routes: readonly AppRoute[], withIcons = true): Items {
  return routes
    .filter((r) => !r.hidden)
    .map((r) => {
      const children = r.children.filter((c) => !c.hidden);
      const icon = withIcons ? <MenuIcon name={r.meta.icon} /> : undefined;
      if (children.length > 0) {
        return { key: r.path, icon, label: r.meta.title, children: menuItems(children, false) };
      }
      return { key: r.path, icon, label: r.meta.title };
    });
}

/** Paths from the top-level entry down to the route that owns `pathname`. */
export function activeTrail(routes: readonly AppRoute[], pathname: string): string[] {
  for (const route of routes) {
    if (route.path === pathname) return [route.path];
    const below = activeTrail(route.children, pathname);
    if (below.length > 0) return [route.path, ...below];
  }
  return [];
}

/** Finds a route by path anywhere in the tree. */
export function findRoute(routes: readonly AppRoute[], path: string): AppRoute | null {
  for (const route of routes) {
    if (route.path === path) return route;
    const found = findRoute(route.children, path);
    if (found) return found;
  }
  return null;
}
