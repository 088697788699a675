import type { PageStore } from '../model/page-store';
import { useStoreList } from './use-store-list';

export type PageFilters = {
  readonly code: string;
  readonly title: string;
};

const NO_FILTERS: PageFilters = { code: '', title: '' };

/** The page store's list: filters, paging, the answer. */
export function usePageList(store: PageStore) {
  return useStoreList(store.list, NO_FILTERS);
}
