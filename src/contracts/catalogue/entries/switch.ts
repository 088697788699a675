import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { pairSchema, YES_NO } from '../common-schemas';

/** Props of `switch`: an on/off switch holding one of two values. */
export interface SwitchProps {
  /** Stored values [on, off]. Default `['Y', 'N']`. */
  readonly options?: readonly [string, string];
  /** Read-only texts [on, off], also written on the switch when `showLabels`. Default `['是', '否']`. */
  readonly labels?: readonly [string, string];
  /** Writes `labels` on the switch itself. Default `false`. */
  readonly showLabels?: boolean;
}

export const switchProps = defineProps<SwitchProps>()(
  {
    options: { ...pairSchema, description: '存储的值 [开, 关]' },
    labels: { ...pairSchema, description: '只读显示的文字 [开, 关]' },
    showLabels: { type: 'boolean', description: '在开关上显示文字' },
  },
  { options: ['Y', 'N'] as const, labels: YES_NO, showLabels: false },
);

export const switchEntry = defineEntry({
  type: 'switch',
  title: '开关',
  props: switchProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});
