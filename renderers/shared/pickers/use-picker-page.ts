import { useCallback, useEffect, useState } from 'react';
import type { Http } from '../../../src/runtime/http';

interface Page<T> {
  readonly records: readonly T[];
  readonly total: number;
}

/**
 * One page of a picker's list for a search, newest first (widgets.md §9: default sort
 * createTime descending). An unsuccessful answer changes nothing, with no message (§8 picker
 * lists). `search` must keep its identity while unchanged (state, not a fresh object).
 */
export function usePickerPage<T>(
  http: Http,
  url: string,
  search: Readonly<Record<string, string>>,
  pageSize: number,
) {
  const [paging, setPaging] = useState({ current: 1, pageSize });
  const [page, setPage] = useState<Page<T>>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const filters = Object.fromEntries(
      Object.entries(search)
        .map(([k, v]) => [k, v.trim()] as const)
        .filter(([, v]) => v !== ''),
    );
    const params = {
      pageNo: paging.current,
      pageSize: paging.pageSize,
      column: 'createTime',
      order: 'desc',
      ...filters,
    };
    http
      .get<Page<T>>(url, params, { silent: true })
      .then(
        (envelope) => {
          if (live && envelope.success && envelope.result) {
            setPage({ records: envelope.result.records ?? [], total: envelope.result.total ?? 0 });
          }
        },
        () => undefined,
      )
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [http, url, search, paging]);

  /** A new search starts at page 1. */
  const restart = useCallback(() => setPaging((p) => ({ ...p, current: 1 })), []);
  return { page, loading, paging, setPaging, restart };
}
