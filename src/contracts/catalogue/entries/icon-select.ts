import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `icon-select`: one of the menu's icons (src/contracts/menu-icons.ts), by name. */
export interface IconSelectProps {
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const iconSelectProps = defineProps<IconSelectProps>()(
  { allowClear: { type: 'boolean', description: '显示清除图标' } },
  { allowClear: true },
);

export const iconSelectEntry = defineEntry({
  type: 'icon-select',
  title: '图标选择',
  props: iconSelectProps,
  value: 'string',
  queryRule: 'eq',
  grid: { width: 120, text: 'display' },
  chooses: true,
  lookups: [],
});
