import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { daySchema, stepSchema } from '../common-schemas';

/** Props of `datetime`: a moment, held as `'YYYY-MM-DD HH:mm:ss'`. */
export interface DatetimeProps {
  /** Shows a clear icon that empties the value. Default `true`. */
  readonly allowClear?: boolean;
  /** Earliest day that can be picked, `YYYY-MM-DD`. Default: none. */
  readonly min?: string;
  /** Latest day that can be picked, `YYYY-MM-DD`. Default: none. */
  readonly max?: string;
  /** Minutes between the choices of the minute column. Default `1`. */
  readonly minuteStep?: number;
  /** Seconds between the choices of the second column. Default `1`. */
  readonly secondStep?: number;
}

export const datetimeProps = defineProps<DatetimeProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    min: { ...daySchema, description: '可选的最早日期 YYYY-MM-DD' },
    max: { ...daySchema, description: '可选的最晚日期 YYYY-MM-DD' },
    minuteStep: { ...stepSchema, description: '分钟列的间隔' },
    secondStep: { ...stepSchema, description: '秒列的间隔' },
  },
  { allowClear: true, minuteStep: 1, secondStep: 1 },
);

export const datetimeEntry = defineEntry({
  type: 'datetime',
  title: '日期时间',
  props: datetimeProps,
  value: 'datetime',
  queryRule: 'eq',
  grid: { width: 200, minWidth: 190, text: 'display' },
  lookups: [],
});
