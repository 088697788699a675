import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { ellipsisSchema } from '../common-schemas';

/** Props of `input`: one line of text. */
export interface InputProps {
  /** Longest text accepted, in characters. Default: no limit. */
  readonly maxLength?: number;
  /** Shows a clear icon while there is text. Default `false`. */
  readonly allowClear?: boolean;
  /** Text inside the box before the value, e.g. `¥`. Default: none. */
  readonly prefix?: string;
  /** Text inside the box after the value, e.g. `kg`. Default: none. */
  readonly suffix?: string;
  /** List cells: width units (wide characters count 2) before '...'; 0 never cuts. Default `25`. */
  readonly ellipsis?: number;
}

export const inputProps = defineProps<InputProps>()(
  {
    maxLength: { type: 'integer', minimum: 1, maximum: 100000, description: '最多输入的字符数' },
    allowClear: { type: 'boolean', description: '有内容时显示清除图标' },
    prefix: { type: 'string', maxLength: 20, description: '输入框内、值之前的文字' },
    suffix: { type: 'string', maxLength: 20, description: '输入框内、值之后的文字' },
    ellipsis: ellipsisSchema,
  },
  { allowClear: false, ellipsis: 25 },
);

export const inputEntry = defineEntry({
  type: 'input',
  title: '文本框',
  props: inputProps,
  value: 'string',
  queryRule: 'like',
  grid: { text: 'value' },
  lookups: ['dict'],
});
