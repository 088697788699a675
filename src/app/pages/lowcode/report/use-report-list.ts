import { useStoreList } from '../list/use-store-list';
import type { ReportStore } from './report-store';

export type ReportFilters = {
  readonly code: string;
  readonly name: string;
};

const NO_FILTERS: ReportFilters = { code: '', name: '' };

/** 报表配置's list: filters, paging, the answer. */
export function useReportList(store: ReportStore, reloadKey: number) {
  return useStoreList(store.list, NO_FILTERS, reloadKey);
}
