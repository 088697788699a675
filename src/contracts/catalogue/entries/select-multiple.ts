import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `select-multiple`: several choices, stored as one joined string (`'a,b'`). */
export interface SelectMultipleProps {
  /** Joins the chosen values in the stored string. Default `','`. */
  readonly separator?: string;
  /** Shows a clear icon that empties every choice. Default `true`. */
  readonly allowClear?: boolean;
  /** Typing filters the options by their text. Default `true`. */
  readonly showSearch?: boolean;
  /** Tags shown before a "+N" tag. Default: all. */
  readonly maxTagCount?: number;
}

export const selectMultipleProps = defineProps<SelectMultipleProps>()(
  {
    separator: { type: 'string', minLength: 1, maxLength: 5, description: '多个值之间的分隔符' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
    showSearch: { type: 'boolean', description: '输入文字筛选选项' },
    maxTagCount: { type: 'integer', minimum: 0, maximum: 100, description: '最多显示的标签数' },
  },
  { separator: ',', allowClear: true, showSearch: true },
);

export const selectMultipleEntry = defineEntry({
  type: 'select-multiple',
  title: '下拉多选',
  props: selectMultipleProps,
  value: 'list',
  queryRule: 'in',
  grid: { text: 'option' },
  lookups: ['dict'],
});
