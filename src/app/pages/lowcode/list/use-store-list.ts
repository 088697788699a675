import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { Page } from '../../../../contracts/envelope';
import type { Outcome } from '../model/page-store';

interface Paging {
  readonly pageNo: number;
  readonly pageSize: number;
}

/**
 * A designer's list (页面配置, 报表配置): text filters (blank ones left out, the rest trimmed),
 * paging, the answer; a refusal the runtime has not shown is shown here. `reloadKey` and
 * `reload()` both load the current page again.
 */
export function useStoreList<F extends Readonly<Record<string, string>>, R>(
  list: (query: Paging & Partial<F>) => Promise<Outcome<Page<R>>>,
  initialFilters: F,
  reloadKey = 0,
) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<F>(initialFilters);
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize: 10 });
  const [nonce, setNonce] = useState(0);
  const [records, setRecords] = useState<readonly R[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const typed = Object.fromEntries(
      Object.entries(filters)
        .map(([name, value]) => [name, value.trim()])
        .filter(([, value]) => value !== ''),
    ) as Partial<F>;
    void list({ ...paging, ...typed }).then((outcome) => {
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
  }, [list, filters, paging, nonce, reloadKey, message]);

  return {
    records,
    total,
    loading,
    paging,
    search: useCallback((next: F) => {
      setFilters(next);
      setPaging((p) => ({ ...p, pageNo: 1 }));
    }, []),
    page: useCallback((pageNo: number, pageSize: number) => setPaging({ pageNo, pageSize }), []),
    reload: useCallback(() => setNonce((n) => n + 1), []),
  };
}
