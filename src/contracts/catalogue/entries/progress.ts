import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `progress`: a percentage 0–100 held as a number, shown as a bar. */
export interface ProgressProps {
  /** The number can be typed (forms and grid cells); otherwise only the bar is shown. Default `false`. */
  readonly editable?: boolean;
  /** Writes the percentage beside the bar. Default `true`. */
  readonly showInfo?: boolean;
  /** Colour of the bar (a CSS colour). Default: antd's blue (green at 100). */
  readonly strokeColor?: string;
}

export const progressProps = defineProps<ProgressProps>()(
  {
    editable: { type: 'boolean', description: '允许输入数值（否则只显示进度条）' },
    showInfo: { type: 'boolean', description: '在进度条旁显示百分比' },
    strokeColor: { type: 'string', maxLength: 50, description: '进度条颜色（CSS 颜色）' },
  },
  { editable: false, showInfo: true },
);

/** A progress value is a percentage. */
export const PERCENT = { min: 0, max: 100 } as const;

export const progressEntry = defineEntry({
  type: 'progress',
  title: '进度条',
  props: progressProps,
  value: 'number',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});
