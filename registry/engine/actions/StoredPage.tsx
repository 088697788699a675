import { useContext, useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useEngine } from '../context';
import { MSG_LOADING, MSG_NO_PAGE_LOADER, pageLoadFailedMessage } from '../messages';
import { NestedPageContext } from '../nested-page';

type Load =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly definition: unknown }
  | { readonly state: 'failed'; readonly reason: string };

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * A stored page by its code (`open.page`): fetched with the host's `loadPage`, then rendered
 * through `PageView` with the bound values. A host without `loadPage`, or a failed load, says
 * so in place.
 */
export function StoredPage({
  code,
  bound,
}: {
  readonly code: string;
  readonly bound: Readonly<Record<string, string>>;
}) {
  const { loadPage } = useEngine();
  const NestedPage = useContext(NestedPageContext);
  const [load, setLoad] = useState<{ code: string; value: Load } | null>(null);

  useEffect(() => {
    if (!loadPage) return;
    let live = true;
    loadPage(code).then(
      (definition) => {
        if (live) setLoad({ code, value: { state: 'ready', definition } });
      },
      (error: unknown) => {
        if (live) setLoad({ code, value: { state: 'failed', reason: reasonOf(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [loadPage, code]);

  // Outside a PageView (never in the engine) there is nothing to render a page with.
  const value: Load =
    !loadPage || !NestedPage
      ? { state: 'failed', reason: MSG_NO_PAGE_LOADER }
      : load && load.code === code
        ? load.value
        : { state: 'loading' };
  if (value.state === 'loading') {
    return (
      <Spin tip={MSG_LOADING}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  }
  if (value.state === 'failed' || !NestedPage) {
    const reason = value.state === 'failed' ? value.reason : MSG_NO_PAGE_LOADER;
    return <Alert type="error" showIcon message={pageLoadFailedMessage(code, reason)} />;
  }
  return <NestedPage key={code} definition={value.definition} bound={bound} />;
}
