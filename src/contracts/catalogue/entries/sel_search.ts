import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_search` (widgets.md §2.3, §2.5): one choice of the field's dictionary, found by
 * typing part of its text; the dictionary is loaded whole and searched in the browser.
 */
export interface SelSearchProps {
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const selSearchProps = defineProps<SelSearchProps>()(
  { allowClear: { type: 'boolean', description: '显示清除图标' } },
  { allowClear: true },
);

export const selSearchEntry = defineEntry({
  type: 'sel_search',
  title: '字典搜索',
  props: selSearchProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'option' },
  chooses: true,
  lookups: ['dict'],
});
