import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_user` (widgets.md §2.5, §2.11): people chosen in the users-by-department
 * dialog, held as their ids comma-joined (`'id1,id2'`).
 */
export interface SelUserProps {
  /** Several people may be chosen (a row click toggles); else one. Default `true`. */
  readonly multi?: boolean;
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const selUserProps = defineProps<SelUserProps>()(
  {
    multi: { type: 'boolean', description: '可以选择多个用户' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
  },
  { multi: true, allowClear: true },
);

export const selUserEntry = defineEntry({
  type: 'sel_user',
  title: '用户选择',
  props: selUserProps,
  value: 'list',
  queryRule: 'in',
  // widgets.md §9: user column 220px, user-select columns at least 190px.
  grid: { width: 220, minWidth: 190, text: 'display', placeholder: '请选择用户' },
  chooses: true,
  lookups: ['users'],
});
