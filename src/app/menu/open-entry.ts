import type { NavigateFunction } from 'react-router-dom';
import type { AppRoute } from '../router/menu-routes';
import { opensInNewWindow, redirectTarget } from '../router/menu-routes';

/**
 * Follows a menu entry: external and iframe entries (from search) open a new window with
 * their url, entries with a target open there, everything else navigates inside the app.
 */
export function openEntry(
  route: AppRoute,
  navigate: NavigateFunction,
  options: { readonly fromSearch?: boolean } = {},
): void {
  const external = options.fromSearch ? opensInNewWindow(route) : route.meta.internalOrExternal;
  if (external) {
    window.open(route.meta.url ?? route.path, '_blank', 'noopener,noreferrer');
    return;
  }
  if (route.meta.target) {
    window.open(route.path, route.meta.target, 'noopener');
    return;
  }
  navigate(redirectTarget(route) ?? route.path);
}
