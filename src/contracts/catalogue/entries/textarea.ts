import { defineEntry } from '../entry';
import { defineProps } from '../props';
import { ellipsisSchema } from '../common-schemas';

/** Rows a growing text area keeps between. */
export interface AutoSizeRows {
  /** Fewest rows shown. Default 1. */
  readonly minRows?: number;
  /** Most rows before it scrolls. Default: no limit. */
  readonly maxRows?: number;
}

/** Props of `textarea`: several lines of text. */
export interface TextareaProps {
  /** Visible rows (ignored when `autoSize` is set). Default `4`. */
  readonly rows?: number;
  /** Longest text accepted, in characters; shows a counter. Default: no limit. */
  readonly maxLength?: number;
  /** Grows with the text: `true`, or the row range. Default `false`. */
  readonly autoSize?: boolean | AutoSizeRows;
  /** List cells: width units (wide characters count 2) before '...'; 0 never cuts. Default `25`. */
  readonly ellipsis?: number;
}

const rowCount = { type: 'integer', minimum: 1, maximum: 100 } as const;

export const textareaProps = defineProps<TextareaProps>()(
  {
    rows: { ...rowCount, description: '显示的行数（设置 autoSize 时忽略）' },
    maxLength: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      description: '最多输入的字符数（显示计数）',
    },
    autoSize: {
      anyOf: [
        { type: 'boolean' },
        {
          type: 'object',
          additionalProperties: false,
          properties: { minRows: rowCount, maxRows: rowCount },
        },
      ],
      description: '随内容增高：true，或 { minRows, maxRows }',
    },
    ellipsis: ellipsisSchema,
  },
  { rows: 4, autoSize: false, ellipsis: 25 },
);

export const textareaEntry = defineEntry({
  type: 'textarea',
  title: '多行文本',
  props: textareaProps,
  value: 'string',
  queryRule: 'like',
  grid: { text: 'value' },
  lookups: ['dict'],
});
