import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { PageSummary } from '../../../../contracts/page';
import type { PageStore } from '../model/page-store';

export interface PageFilters {
  readonly code: string;
  readonly title: string;
}

/** The page store's list: filters, paging, the answer. */
export function usePageList(store: PageStore) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<PageFilters>({ code: '', title: '' });
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [nonce, setNonce] = useState(0);
  const [records, setRecords] = useState<readonly PageSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    void store
      .list({
        ...paging,
        ...(filters.code.trim() ? { code: filters.code.trim() } : {}),
        ...(filters.title.trim() ? { title: filters.title.trim() } : {}),
      })
      .then((outcome) => {
        if (!live) return;
        setLoading(false);
        if (outcome.ok) {
          setRecords(outcome.result.records);
          setTotal(outcome.result.total);
        } else if (!outcome.presented) {
          void message.error(outcome.message);
        }
      });
    return () => {
      live = false;
    };
  }, [store, filters, paging, nonce, message]);

  return {
    records,
    total,
    loading,
    paging,
    search: useCallback((next: PageFilters) => {
      setFilters(next);
      setPaging((p) => ({ ...p, pageNo: 1 }));
    }, []),
    page: useCallback((pageNo: number, pageSize: number) => setPaging({ pageNo, pageSize }), []),
    reload: useCallback(() => setNonce((n) => n + 1), []),
  };
}
