import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_search_async` (widgets.md §2.3, §2.5, §7, §9): one choice of the field's
 * dictionary (`dictCode`, typically a long table dictionary), searched on the server through
 * `/sys/dict/loadDict/{dict}` page by page; a held value outside the loaded page is named through
 * `/sys/dict/loadDictItem/{dict}`. The dictionary is never loaded whole (no `dict` lookup).
 */
export interface SelSearchAsyncProps {
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
  /** Options one search answers at most. Default `10` (widgets.md §9). */
  readonly pageSize?: number;
}

export const selSearchAsyncProps = defineProps<SelSearchAsyncProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    pageSize: { type: 'integer', minimum: 1, maximum: 500, description: '每次搜索返回的条数' },
  },
  { allowClear: true, pageSize: 10 },
);

export const selSearchAsyncEntry = defineEntry({
  type: 'sel_search_async',
  title: '字典搜索（异步）',
  props: selSearchAsyncProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'display' },
  chooses: true,
  lookups: [],
});
