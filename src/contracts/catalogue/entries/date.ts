import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { daySchema } from '../common-schemas';

/** Props of `date`: a day, held as `'YYYY-MM-DD'`. */
export interface DateProps {
  /** Shows a clear icon that empties the value. Default `true`. */
  readonly allowClear?: boolean;
  /** Earliest day that can be picked, `YYYY-MM-DD`. Default: none. */
  readonly min?: string;
  /** Latest day that can be picked, `YYYY-MM-DD`. Default: none. */
  readonly max?: string;
}

export const dateProps = defineProps<DateProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    min: { ...daySchema, description: '可选的最早日期 YYYY-MM-DD' },
    max: { ...daySchema, description: '可选的最晚日期 YYYY-MM-DD' },
  },
  { allowClear: true },
);

export const dateEntry = defineEntry({
  type: 'date',
  title: '日期',
  props: dateProps,
  value: 'date',
  queryRule: 'eq',
  grid: { minWidth: 135, text: 'display' },
  lookups: [],
});
