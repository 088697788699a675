import { Navigate, matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { flattenRoutes, HOME_PATH, redirectTarget, type AppRoute } from './menu-routes';
import { Screen } from './screens';
import { UnknownPath } from './UnknownPath';

/** What a path inside the main layout shows. */
export interface ScreenMatch {
  readonly route: AppRoute;
  /** Titles above the route (breadcrumb). */
  readonly trail: readonly string[];
}

interface Handle {
  readonly screen: ScreenMatch | null;
}

/**
 * Route objects for the main layout: one per menu route; parents without a screen of their
 * own redirect, `/` goes home; any other path is a screen of someone else's menu (403) or
 * unknown (/404).
 */
export function buildScreenRoutes(routes: readonly AppRoute[]): RouteObject[] {
  const objects: RouteObject[] = [
    { path: '/', element: <Navigate to={HOME_PATH} replace />, handle: { screen: null } },
  ];
  for (const { route, trail } of flattenRoutes(routes)) {
    const target = redirectTarget(route);
    const handle: Handle = { screen: target ? null : { route, trail } };
    objects.push({
      path: route.path,
      element: target ? <Navigate to={target} replace /> : <Screen route={route} />,
      handle,
    });
  }
  objects.push({ path: '*', element: <NoScreen />, handle: { screen: null } });
  return objects;
}

/** A path without a route of the user's menu: 403 when it is someone's screen, else 404. */
function NoScreen() {
  return <UnknownPath pathname={useLocation().pathname} />;
}

/** The screen a pathname shows, or null for redirects and unknown paths. */
export function matchScreen(objects: RouteObject[], pathname: string): ScreenMatch | null {
  const matches = matchRoutes(objects, pathname);
  const last = matches?.[matches.length - 1];
  return (last?.route.handle as Handle | undefined)?.screen ?? null;
}
