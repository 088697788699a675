import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_role` (widgets.md §2.11): roles chosen in the role picker, held by id or by
 * role code (`valueField`), comma-joined.
 */
export interface SelRoleProps {
  /** Several roles may be chosen (a row click toggles); else one. Default `true`. */
  readonly multi?: boolean;
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
  /** What is held for a role: its `id` or its `roleCode`. Default `id`. */
  readonly valueField?: 'id' | 'roleCode';
}

export const selRoleProps = defineProps<SelRoleProps>()(
  {
    multi: { type: 'boolean', description: '可以选择多个角色' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
    valueField: {
      enum: ['id', 'roleCode'],
      description: 'id：保存角色 id；roleCode：保存角色编码',
    },
  },
  { multi: true, allowClear: true, valueField: 'id' },
);

export const selRoleEntry = defineEntry({
  type: 'sel_role',
  title: '角色选择',
  props: selRoleProps,
  value: 'list',
  queryRule: 'in',
  grid: { text: 'display' },
  chooses: true,
  lookups: ['roles'],
});
