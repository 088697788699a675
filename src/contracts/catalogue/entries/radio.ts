import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `radio`: one choice shown as radios. */
export interface RadioProps {
  /** Clicking the chosen option clears it (value null). Default `false`. */
  readonly allowClear?: boolean;
  /** `button`: a row of buttons instead of round radios. Default `'default'`. */
  readonly optionType?: 'default' | 'button';
}

export const radioProps = defineProps<RadioProps>()(
  {
    allowClear: { type: 'boolean', description: '再次点击已选中的选项可清空' },
    optionType: { enum: ['default', 'button'], description: 'default：圆形单选；button：按钮' },
  },
  { allowClear: false, optionType: 'default' },
);

export const radioEntry = defineEntry({
  type: 'radio',
  title: '单选框',
  props: radioProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'option' },
  lookups: ['dict'],
});
