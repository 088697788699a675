import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_depart` (widgets.md §2.5, §2.11): departments ticked in the department tree
 * dialog, held as their ids comma-joined (`'id1,id2'`).
 */
export interface SelDepartProps {
  /** Several departments may be ticked; else a new tick replaces the old one. Default `true`. */
  readonly multi?: boolean;
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const selDepartProps = defineProps<SelDepartProps>()(
  {
    multi: { type: 'boolean', description: '可以选择多个部门' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
  },
  { multi: true, allowClear: true },
);

export const selDepartEntry = defineEntry({
  type: 'sel_depart',
  title: '部门选择',
  props: selDepartProps,
  value: 'list',
  queryRule: 'in',
  // widgets.md §9: department column 160px; §5: depart-select columns at least 190px.
  grid: { width: 160, minWidth: 190, text: 'display', placeholder: '请点击选择部门' },
  chooses: true,
  lookups: ['departs'],
});
