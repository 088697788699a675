import type { PropSchema } from './props';

/** `YYYY-MM-DD`, the schema of the min/max props of the day pickers. */
export const daySchema: PropSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

/** Minute and second steps antd accepts that divide the hour evenly. */
export const stepSchema: PropSchema = { enum: [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30] };
