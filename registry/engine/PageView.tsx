import { Suspense, lazy, useMemo } from 'react';
import { App as AntApp, Spin } from 'antd';
import { useEngine } from './context';
import { ErrorPanel } from './ErrorPanel';
import { NestedPageContext } from './nested-page';
import { loadPage } from './page-check';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ListPage } from './list/ListPage';

export interface PageViewProps {
  /** A page definition as it came (JSON); it is upgraded and validated before anything renders. */
  readonly definition: unknown;
  /** `form` pages: the record to edit (the `?id=` of the url); absent = create. */
  readonly recordId?: string | null;
  /**
   * Values the page is bound to (a page opened from a row, `open.bind`): every list call
   * (list, children, export) carries them, new records start with them and are saved with
   * them, and the query form leaves their fields out. Default none.
   */
  readonly bound?: Readonly<Record<string, string>>;
}

// Form pages load the form engine with them; lists never do.
const FormPage = lazy(() => import('./form/FormPage').then((m) => ({ default: m.FormPage })));

const NOTHING_BOUND: Readonly<Record<string, string>> = {};

/**
 * The page engine's one entry: validates a definition (meta-schema, cross references, renderer
 * props) and renders it by kind. An invalid definition shows the problems where the page would
 * be; a page that throws while rendering is caught by an error boundary.
 */
export function PageView({ definition, recordId = null, bound = NOTHING_BOUND }: PageViewProps) {
  const { registry } = useEngine();
  const loaded = useMemo(() => loadPage(definition, registry.catalogue), [definition, registry]);
  if (!loaded.ok) return <ErrorPanel {...loaded} />;
  const { page } = loaded;
  return (
    <AntApp component={false}>
      <PageErrorBoundary code={page.code} title={page.title}>
        <NestedPageContext.Provider value={PageView}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
            {page.kind === 'form' ? (
              <FormPage
                key={`${page.code}:${recordId ?? ''}`}
                page={page}
                recordId={recordId}
                bound={bound}
              />
            ) : (
              <ListPage key={page.code} page={page} bound={bound} />
            )}
          </Suspense>
        </NestedPageContext.Provider>
      </PageErrorBoundary>
    </AntApp>
  );
}
