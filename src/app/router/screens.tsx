import { Suspense, type ComponentType } from 'react';
import type { AppRoute } from './menu-routes';
import { IFRAME_VIEW } from './menu-routes';
import { lazyPage } from './lazy-page';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { PageLoading } from '../pages/PageLoading';

export interface ScreenProps {
  readonly route: AppRoute;
}

/**
 * Hand-written screens by menu component name. Every other component name renders the
 * "page not configured" state naming it; the page engine adds its list screens here.
 */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  'dashboard/Analysis': lazyPage(() => import('../pages/dashboard/DashboardPage')),
  [IFRAME_VIEW]: lazyPage(() => import('../pages/IframePage')),
};

const NotConfigured = lazyPage(() => import('../pages/PageNotConfigured'));

export function Screen({ route }: ScreenProps) {
  const Component = SCREENS[route.component] ?? NotConfigured;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Component route={route} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
