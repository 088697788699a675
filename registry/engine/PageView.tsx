import { Suspense, useMemo } from 'react';
import { App as AntApp, Spin } from 'antd';
import { useEngine } from './context';
import { ErrorPanel } from './ErrorPanel';
import { loadPage } from './page-check';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ListPage } from './list/ListPage';
import { FormPage } from './form/FormPage';

export interface PageViewProps {
  /** A page definition as it came (JSON); it is upgraded and validated before anything renders. */
  readonly definition: unknown;
  /** `form` pages: the record to edit (the `?id=` of the url); absent = create. */
  readonly recordId?: string | null;
}

/**
 * The page engine's one entry: validates a definition (meta-schema, cross references, renderer
 * props) and renders it by kind. An invalid definition shows the problems where the page would
 * be; a page that throws while rendering is caught by an error boundary.
 */
export function PageView({ definition, recordId = null }: PageViewProps) {
  const { registry } = useEngine();
  const loaded = useMemo(() => loadPage(definition, registry), [definition, registry]);
  if (!loaded.ok) return <ErrorPanel {...loaded} />;
  const { page } = loaded;
  return (
    <AntApp component={false}>
      <PageErrorBoundary code={page.code} title={page.title}>
        <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
          {page.kind === 'form' ? (
            <FormPage key={`${page.code}:${recordId ?? ''}`} page={page} recordId={recordId} />
          ) : (
            <ListPage key={page.code} page={page} />
          )}
        </Suspense>
      </PageErrorBoundary>
    </AntApp>
  );
}
