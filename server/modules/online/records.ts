import { textOf, type TextMap } from '../../http/sheet/cells';
import type { DictLookup } from '../dict/lookup';
import { formatDateTime } from '../../http/time';
import type { OnlineColumn, OnlineTable } from './table';

/**
 * Rows of an online table as API records: camelCase names (the select list aliases them),
 * date-times as `yyyy-MM-dd HH:mm:ss` in APP_TIMEZONE, dates as `yyyy-MM-dd`, decimals and
 * integers as numbers (the drivers' parsers), and `<name>_dictText` siblings in lists.
 */

export type OnlineRecord = Record<string, unknown>;

/** Formats the date-time columns in place (rows are fresh objects from the driver). */
export function toRecords(
  table: OnlineTable,
  rows: readonly OnlineRecord[],
  timeZone: string,
): OnlineRecord[] {
  const datetimes = table.columns.filter((c) => c.type === 'datetime').map((c) => c.name);
  for (const row of rows) {
    for (const name of datetimes) {
      const value = row[name];
      if (value instanceof Date) row[name] = formatDateTime(value, timeZone);
    }
  }
  return rows as OnlineRecord[];
}

/** The values a column holds across records (each item of a comma-separated value). */
function valuesIn(records: readonly OnlineRecord[], name: string): string[] {
  const keys = new Set<string>();
  for (const record of records) {
    const value = record[name];
    if (value === null || value === undefined || value === '') continue;
    for (const item of String(value).split(',')) keys.add(item);
  }
  return [...keys];
}

/**
 * The text maps of every column with a dictionary or options, by record name. With `records`,
 * a table dictionary reads only the values those records hold (a list page, not the table).
 */
export async function dictTexts(
  columns: readonly OnlineColumn[],
  lookup: DictLookup,
  records?: readonly OnlineRecord[],
): Promise<Map<string, TextMap>> {
  const maps = new Map<string, TextMap>();
  for (const column of columns) {
    if (column.options) {
      maps.set(column.name, new Map(column.options.map((o) => [o.value, o.text])));
    } else if (column.dictCode) {
      const keys = records ? valuesIn(records, column.name) : undefined;
      const items = await lookup(column.dictCode, keys);
      maps.set(column.name, new Map(items.map((i) => [i.value, i.text])));
    }
  }
  return maps;
}

/** Adds `<name>_dictText` to each record for every column with a dictionary or options. */
export async function withDictText(
  table: Pick<OnlineTable, 'columns'>,
  records: OnlineRecord[],
  lookup: DictLookup,
): Promise<OnlineRecord[]> {
  const maps = await dictTexts(table.columns, lookup, records);
  if (maps.size === 0) return records;
  for (const record of records) {
    for (const [name, texts] of maps) record[`${name}_dictText`] = textOf(record[name], texts);
  }
  return records;
}
