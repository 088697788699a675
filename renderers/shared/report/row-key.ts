import type { ReportRecord } from '../../../src/runtime/report-client';

/** widgets.md §3, §9: a report row's key is cut at 50 characters. */
export const ROW_KEY_MAX = 50;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/**
 * A report row's key (widgets.md §3): its id followed by its other values, cut at 50
 * characters. Reports need not have a unique id column, so the other values tell rows apart.
 */
export function reportRowKey(record: ReportRecord): string {
  const rest = Object.keys(record)
    .filter((key) => key !== 'id')
    .map((key) => textOf(record[key]));
  return [textOf(record.id), ...rest].join('').slice(0, ROW_KEY_MAX);
}
