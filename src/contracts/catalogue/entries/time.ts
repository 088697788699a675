import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { stepSchema } from '../common-schemas';

/** Props of `time`: a time of day, held as `'HH:mm:ss'`. */
export interface TimeProps {
  /** Shows a clear icon that empties the value. Default `true`. */
  readonly allowClear?: boolean;
  /** Minutes between the choices of the minute column. Default `1`. */
  readonly minuteStep?: number;
  /** Seconds between the choices of the second column. Default `1`. */
  readonly secondStep?: number;
}

export const timeProps = defineProps<TimeProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    minuteStep: { ...stepSchema, description: '分钟列的间隔' },
    secondStep: { ...stepSchema, description: '秒列的间隔' },
  },
  { allowClear: true, minuteStep: 1, secondStep: 1 },
);

export const timeEntry = defineEntry({
  type: 'time',
  title: '时间',
  props: timeProps,
  value: 'time',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});
