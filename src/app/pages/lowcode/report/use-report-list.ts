import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { ReportStore, ReportSummary } from './report-store';

export interface ReportFilters {
  readonly code: string;
  readonly name: string;
}

/** 报表配置's list: filters, paging, the answer. */
export function useReportList(store: ReportStore, reloadKey: number) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<ReportFilters>({ code: '', name: '' });
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [nonce, setNonce] = useState(0);
  const [records, setRecords] = useState<readonly ReportSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    void store
      .list({
        ...paging,
        ...(filters.code.trim() ? { code: filters.code.trim() } : {}),
        ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
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
  }, [store, filters, paging, nonce, reloadKey, message]);

  return {
    records,
    total,
    loading,
    paging,
    search: useCallback((next: ReportFilters) => {
      setFilters(next);
      setPaging((p) => ({ ...p, pageNo: 1 }));
    }, []),
    page: useCallback((pageNo: number, pageSize: number) => setPaging({ pageNo, pageSize }), []),
    reload: useCallback(() => setNonce((n) => n + 1), []),
  };
}
