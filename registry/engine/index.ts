/**
 * The page engine: a page definition (JSON) in, a working screen out. Hosts (the app shell,
 * the page editor's preview, tests, benches) provide the services through `EngineProvider`.
 */
export { PageView, type PageViewProps } from './PageView';
export { EngineContext, useEngine, type EngineServices, type PanelProps } from './context';
export { EngineProvider } from './EngineProvider';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export type { PageLoad } from './page-check';
export { loadChecker } from './page-load';
export { pageUrls, actionPermission, toolbarActions, rowActions } from './page-model';
export { queryParams } from './list/query-params';
export { pageData, listParams, type PageData, type ListCall } from './data-provider';
