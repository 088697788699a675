import { defineProps } from '../shared/props';

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
