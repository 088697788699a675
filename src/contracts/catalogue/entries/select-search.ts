import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `select-search`: one choice from the options, found by typing part of its text. */
export interface SelectSearchProps {
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
  /** Typed text that matches no option is kept as the value. Default `false`. */
  readonly allowInput?: boolean;
}

export const selectSearchProps = defineProps<SelectSearchProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    allowInput: { type: 'boolean', description: '允许保留选项之外的输入文字' },
  },
  { allowClear: true, allowInput: false },
);

export const selectSearchEntry = defineEntry({
  type: 'select-search',
  title: '搜索下拉',
  props: selectSearchProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'option' },
  lookups: ['dict'],
});
