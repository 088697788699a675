import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** How `dict-select` shows its options. */
export type DictSelectMode = 'select' | 'radio' | 'radio-button';

/** Props of `dict-select`: one choice from the field's dictionary (`dictCode`). */
export interface DictSelectProps {
  /** `select` (dropdown), `radio` (radios) or `radio-button` (a row of buttons). Default `'select'`. */
  readonly mode?: DictSelectMode;
  /**
   * The choice can be emptied: a clear icon (select), or clicking the chosen option (radio
   * modes). Default `true` in select mode, `false` in the radio modes.
   */
  readonly allowClear?: boolean;
  /** Select mode: typing filters the options by their text. Default `false`. */
  readonly showSearch?: boolean;
}

export const dictSelectProps = defineProps<DictSelectProps>()(
  {
    mode: {
      enum: ['select', 'radio', 'radio-button'],
      description: 'select：下拉；radio：单选框；radio-button：按钮组',
    },
    allowClear: { type: 'boolean', description: '可清空（下拉默认可以，单选默认不可以）' },
    showSearch: { type: 'boolean', description: '下拉模式：输入文字筛选选项' },
  },
  { mode: 'select', showSearch: false },
);

export const dictSelectEntry = defineEntry({
  type: 'dict-select',
  title: '字典下拉',
  props: dictSelectProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'option' },
  lookups: ['dict'],
});
