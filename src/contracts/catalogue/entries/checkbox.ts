import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { pairSchema, YES_NO } from '../common-schemas';

/** Props of `checkbox`: one tick box holding one of two values. */
export interface CheckboxProps {
  /** Value stored when ticked. Default `'Y'`. */
  readonly checkedValue?: string;
  /** Value stored when not ticked. Default `'N'`. */
  readonly uncheckedValue?: string;
  /** Text beside the box. Default: none. */
  readonly text?: string;
  /** Read-only texts [ticked, not ticked]. Default `['是', '否']`. */
  readonly labels?: readonly [string, string];
}

export const checkboxProps = defineProps<CheckboxProps>()(
  {
    checkedValue: { type: 'string', maxLength: 50, description: '勾选时的值' },
    uncheckedValue: { type: 'string', maxLength: 50, description: '未勾选时的值' },
    text: { type: 'string', maxLength: 100, description: '复选框旁的文字' },
    labels: { ...pairSchema, description: '只读显示的文字 [勾选, 未勾选]' },
  },
  { checkedValue: 'Y', uncheckedValue: 'N', labels: YES_NO },
);

export const checkboxEntry = defineEntry({
  type: 'checkbox',
  title: '复选框',
  props: checkboxProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'yes-no' },
  lookups: [],
});
