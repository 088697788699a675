import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `list_multi`: several choices from the options, stored comma-joined (`'a,b'`). */
export interface ListMultiProps {
  /** Shows a clear icon that empties every choice. Default `true`. */
  readonly allowClear?: boolean;
  /** Typing filters the options by their text. Default `true`. */
  readonly showSearch?: boolean;
  /** Tags shown before a "+N" tag in forms (grid cells show 1). Default: all. */
  readonly maxTagCount?: number;
}

export const listMultiProps = defineProps<ListMultiProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    showSearch: { type: 'boolean', description: '输入文字筛选选项' },
    maxTagCount: { type: 'integer', minimum: 0, maximum: 100, description: '最多显示的标签数' },
  },
  { allowClear: true, showSearch: true },
);

/** The stored string joins the chosen values with a comma. */
export const LIST_SEPARATOR = ',';

export const listMultiEntry = defineEntry({
  type: 'list_multi',
  title: '多选列表',
  props: listMultiProps,
  value: 'list',
  queryRule: 'in',
  grid: { text: 'option' },
  lookups: ['dict'],
});
