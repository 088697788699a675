import type { PropSchema } from './props';

/** Schemas and defaults several renderer types share. */

/** `YYYY-MM-DD`, the schema of the min/max props of the day pickers. */
export const daySchema: PropSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

/** Minute and second steps antd accepts that divide the hour evenly. */
export const stepSchema: PropSchema = { enum: [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30] };

/** Default read-only texts of a two-state value (checked, unchecked). */
export const YES_NO: readonly [string, string] = ['是', '否'];

/** Schema of a [checked, unchecked] pair of texts. */
export const pairSchema = {
  type: 'array',
  items: { type: 'string', maxLength: 50 },
  minItems: 2,
  maxItems: 2,
} as const;

/** List cells of the text types: width units before `...` (widgets.md §2.3 ellipsis). */
export const ellipsisSchema: PropSchema = {
  type: 'integer',
  minimum: 0,
  maximum: 1000,
  description: '列表中超过该宽度（中文计 2）的文字以 ... 截断，0 表示不截断',
};
