import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_position` (widgets.md §2.11): positions chosen in the position picker, held as
 * their codes comma-joined (`'dev,pm'`, as 用户管理's 职务 stores them).
 */
export interface SelPositionProps {
  /** Several positions may be chosen (a row click toggles); else one. Default `true`. */
  readonly multi?: boolean;
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const selPositionProps = defineProps<SelPositionProps>()(
  {
    multi: { type: 'boolean', description: '可以选择多个职务' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
  },
  { multi: true, allowClear: true },
);

export const selPositionEntry = defineEntry({
  type: 'sel_position',
  title: '职务选择',
  props: selPositionProps,
  value: 'list',
  queryRule: 'in',
  grid: { text: 'display' },
  chooses: true,
  lookups: ['positions'],
});
