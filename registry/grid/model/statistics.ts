/**
 * The 统计 footer (§2.5, §5): sum and average of a column. Numbers are added exactly enough:
 * the total is rounded to the most decimals any value has, so 0.1 + 0.2 shows 0.3. Text that is
 * not a number makes the figure '-'. Empty cells are left out (of the average's count too).
 */
import type { GridRow } from '../types';

export const STATISTIC_FAILED = '-';

const NUMERIC = /^-?\d+(\.\d+)?$/;

export interface ColumnStatistics {
  readonly sum: string;
  readonly average: string;
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Drops the float noise beyond `decimals` and trailing zeros ('0.30000000000000004' → '0.3'). */
function roundText(value: number, decimals: number): string {
  return String(Number(value.toFixed(Math.min(decimals, 20))));
}

/** Sum and average of a column's values, as shown in the footer. */
export function columnStatistics(rows: readonly GridRow[], key: string): ColumnStatistics {
  let sum = 0;
  let count = 0;
  let decimals = 0;
  for (const row of rows) {
    const value = row[key];
    if (value === undefined || value === null || value === '') continue;
    let text: string;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { sum: STATISTIC_FAILED, average: STATISTIC_FAILED };
      text = String(value);
    } else if (typeof value === 'string') {
      text = value.trim();
    } else {
      return { sum: STATISTIC_FAILED, average: STATISTIC_FAILED };
    }
    if (!NUMERIC.test(text)) {
      // Exponent forms of very large or small numbers are numbers too.
      if (typeof value !== 'number') return { sum: STATISTIC_FAILED, average: STATISTIC_FAILED };
    } else {
      decimals = Math.max(decimals, decimalsOf(text));
    }
    sum += Number(text);
    count += 1;
  }
  return {
    sum: roundText(sum, decimals),
    // The average keeps at least two decimals of precision (1, 2, 2 → 1.67).
    average: count === 0 ? STATISTIC_FAILED : roundText(sum / count, Math.max(decimals, 2)),
  };
}
