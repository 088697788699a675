import { useMemo } from 'react';
import { Button } from 'antd';
import { PagePanel } from '../../../../registry/page-panel';
import { StatusResult } from '../../../../registry/status-result';
import { useSearchParams } from 'react-router-dom';
import { EngineProvider, PageView, type EngineServices } from '../../../../registry/engine';
import { APP_PANELS, OWN_CONTAINER_PANELS } from '../../panels';
import { usePermissions } from '../../permissions/Authorized';
import type { ScreenProps } from '../../router/screens';
import { useServices } from '../../services';
import { PageLoading } from '../PageLoading';
import { useAppRegistry } from '../use-app-registry';
import { storedPageLoader } from './load-page';
import { pageCodeOf } from './page-code';
import { usePageDefinition } from './use-page-definition';

/**
 * A menu entry rendered by the page engine: the page code from the entry (online list:
 * the last path segment; `page/<code>`), its definition from the page store, `PageView` inside
 * the engine's services (with `loadPage` and the app's panels for actions that open a page or
 * a panel in a drawer). A missing page and a failed load each say so in place.
 */
export default function OnlinePageScreen({ route }: ScreenProps) {
  const services = useServices();
  const permissions = usePermissions();
  const [search] = useSearchParams();
  const registry = useAppRegistry();
  const code = pageCodeOf(route.component, route.path);
  const load = usePageDefinition(code);
  const engine = useMemo<EngineServices | null>(
    () =>
      registry && {
        http: services.http,
        dicts: services.dicts,
        registry,
        can: (action) => permissions.can(action),
        loadPage: storedPageLoader(services.http),
        panels: APP_PANELS,
        ownContainerPanels: OWN_CONTAINER_PANELS,
        tableSync: services.tableSync,
      },
    [services, registry, permissions],
  );
  const recordId = search.get('id');
  const definition = load.state === 'ready' ? load.definition : null;
  const version = load.state === 'ready' ? load.version : null;
  // The same element while nothing it shows changed: a navigation elsewhere (another tab, whose
  // location every mounted screen sees) does not re-render the whole page. A page re-rendered
  // inside the router's transition would hold up the tab switch it belongs to.
  const view = useMemo(
    () =>
      definition === null || engine === null ? null : (
        <EngineProvider services={engine}>
          <PageView
            key={`${code}:${version}`}
            definition={definition}
            recordId={recordId}
            trusted
          />
        </EngineProvider>
      ),
    [engine, code, version, definition, recordId],
  );

  if (load.state === 'loading' || (load.state === 'ready' && engine === null)) {
    return <PageLoading />;
  }
  if (load.state === 'missing') {
    return (
      <PagePanel>
        <StatusResult
          status="404"
          title="页面不存在"
          subTitle={
            <>
              菜单「{route.meta.title}」指向的页面 <code>{code ?? route.component}</code>{' '}
              不存在或已被删除。请在「低代码 → 页面配置」中创建它，或在菜单管理中修改这个菜单。
            </>
          }
        />
      </PagePanel>
    );
  }
  if (load.state === 'failed') {
    return (
      <PagePanel>
        <StatusResult
          status="error"
          title="页面加载失败"
          subTitle={load.message}
          extra={
            <Button type="primary" onClick={load.retry}>
              重试
            </Button>
          }
        />
      </PagePanel>
    );
  }
  return view;
}
