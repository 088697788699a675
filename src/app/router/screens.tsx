import { Suspense, type ComponentType } from 'react';
import type { AppRoute } from './menu-routes';
import { IFRAME_VIEW } from './menu-routes';
import { lazyPage } from './lazy-page';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { PageLoading } from '../pages/PageLoading';
import { ONLINE_LIST_COMPONENT, isPageComponent } from '../pages/online/page-code';
import { REPORT_LIST_COMPONENT } from '../pages/report/report-id';

export interface ScreenProps {
  readonly route: AppRoute;
}

/** Pages rendered by the page engine (the online list component and `page/<code>`). */
const OnlinePage = lazyPage(() => import('../pages/online/OnlinePageScreen'));

/**
 * Hand-written screens by menu component name. Every other component name renders the
 * "page not configured" state naming it, except page-engine components (`page/…`).
 */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  'dashboard/Analysis': lazyPage(() => import('../pages/dashboard/DashboardPage')),
  [IFRAME_VIEW]: lazyPage(() => import('../pages/IframePage')),
  [ONLINE_LIST_COMPONENT]: OnlinePage,
  'lowcode/PageEditor': lazyPage(() => import('../pages/lowcode/PageEditorScreen')),
  [REPORT_LIST_COMPONENT]: lazyPage(() => import('../pages/report/ReportScreen')),
  'lowcode/ReportDesigner': lazyPage(() => import('../pages/lowcode/report/ReportDesignerScreen')),
};

const NotConfigured = lazyPage(() => import('../pages/PageNotConfigured'));

export function Screen({ route }: ScreenProps) {
  const Component =
    SCREENS[route.component] ?? (isPageComponent(route.component) ? OnlinePage : NotConfigured);
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Component route={route} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
