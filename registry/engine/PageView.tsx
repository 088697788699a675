import { Suspense, lazy } from 'react';
import { App as AntApp, Spin } from 'antd';
import { useEngine } from './context';
import { ErrorPanel } from './ErrorPanel';
import { NestedPageContext } from './nested-page';
import { usePageLoad } from './page-load';
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
  /**
   * The definition is the page store's (the server checked it when it was saved): at the
   * current schemaVersion it is drawn without checking it again (see page-load.ts).
   */
  readonly trusted?: boolean;
}

// Form pages load the form engine with them; lists never do.
const FormPage = lazy(() => import('./form/FormPage').then((m) => ({ default: m.FormPage })));

const NOTHING_BOUND: Readonly<Record<string, string>> = {};

/**
 * The page engine's one entry: validates a definition (meta-schema, cross references, renderer
 * props) and renders it by kind. An invalid definition shows the problems where the page would
 * be; a page that throws while rendering is caught by an error boundary.
 */
export function PageView({
  definition,
  recordId = null,
  bound = NOTHING_BOUND,
  trusted = false,
}: PageViewProps) {
  const { registry } = useEngine();
  const loaded = usePageLoad(definition, registry.catalogue, trusted);
  if (!loaded) return <Spin style={{ display: 'block', margin: 48 }} />;
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
