import { defineProps } from '../shared/props';

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
    ellipsis: {
      type: 'integer',
      minimum: 0,
      maximum: 1000,
      description: '列表中超过该宽度（中文计 2）的文字以 ... 截断，0 表示不截断',
    },
  },
  { allowClear: false, ellipsis: 25 },
);
