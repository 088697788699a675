import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `select`: one choice from the field's options or dictionary. */
export interface SelectProps {
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
  /** Typing filters the options by their text. Default `false`. */
  readonly showSearch?: boolean;
}

export const selectProps = defineProps<SelectProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    showSearch: { type: 'boolean', description: '输入文字筛选选项' },
  },
  { allowClear: true, showSearch: false },
);

export const selectEntry = defineEntry({
  type: 'select',
  title: '下拉框',
  props: selectProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'option' },
  lookups: ['dict'],
});
