import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `inputNumber`: a number, held as a number (`null` when empty). */
export interface InputNumberProps {
  /** Smallest value; a smaller one is raised to it on blur. Default: none. */
  readonly min?: number;
  /** Largest value; a larger one is lowered to it on blur. Default: none. */
  readonly max?: number;
  /** Digits after the decimal point, kept and shown (0 = whole numbers). Default: as typed. */
  readonly precision?: number;
  /** Amount the arrows and arrow keys add or take away. Default `1`. */
  readonly step?: number;
}

export const inputNumberProps = defineProps<InputNumberProps>()(
  {
    min: { type: 'number', description: '最小值' },
    max: { type: 'number', description: '最大值' },
    precision: { type: 'integer', minimum: 0, maximum: 10, description: '小数位数' },
    step: { type: 'number', exclusiveMinimum: 0, description: '步长' },
  },
  { step: 1 },
);

export const inputNumberEntry = defineEntry({
  type: 'inputNumber',
  title: '数字框',
  props: inputNumberProps,
  value: 'number',
  queryRule: 'eq',
  grid: { text: 'value' },
  lookups: ['dict'],
});
