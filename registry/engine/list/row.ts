import type { Key } from 'react';
import type { Page } from '../../../src/contracts/envelope';

/** A record as the server sends it (`<field>_dictText` siblings included). */
export type Row = Readonly<Record<string, unknown>>;

/** The key of a record (default `id`). */
export function rowKeyOf(row: Row, rowKey: string): Key {
  const value = row[rowKey];
  return typeof value === 'number' ? value : String(value ?? '');
}

/** Records of a list answer: a page's `records`, or the result itself when it is an array. */
export function recordsOf(result: unknown): { records: Row[]; total: number | null } {
  if (Array.isArray(result)) return { records: result as Row[], total: null };
  if (result && typeof result === 'object') {
    const page = result as Partial<Page<Row>>;
    return {
      records: Array.isArray(page.records) ? [...page.records] : [],
      total: typeof page.total === 'number' ? page.total : null,
    };
  }
  return { records: [], total: null };
}
