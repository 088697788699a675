import type { TextMap } from '../../http/sheet/cells';
import type { RowScope } from '../../http/row-scope';
import { dictTextMaps, withDictTexts, type DictBinding } from '../dict/dict-text';
import type { DictLookup } from '../dict/lookup';
import { formatDateTime } from '../../http/time';
import { optionSourceOf } from '../../../src/contracts/page-field';
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

/** The dictionary-bound columns (a dictionary code, else fixed options: optionSourceOf) as bindings. */
function bindingsOf(columns: readonly OnlineColumn[]): DictBinding[] {
  return columns.flatMap((column) => {
    const source = optionSourceOf(column);
    return source ? [{ field: column.name, source, textKey: `${column.name}_dictText` }] : [];
  });
}

/**
 * The text maps of every column with a dictionary or options, by record name. With `records`,
 * a table dictionary reads only the values those records hold (a list page, not the table).
 */
export function dictTexts(
  columns: readonly OnlineColumn[],
  lookup: DictLookup,
  records?: readonly OnlineRecord[],
): Promise<Map<string, TextMap>> {
  return dictTextMaps(bindingsOf(columns), lookup, records);
}

/**
 * Adds `<name>_dictText` to each record for every column with a dictionary or options; with
 * the caller's `scope`, a dictionary on the page's own table names only rows in scope.
 */
export function withDictText(
  table: Pick<OnlineTable, 'columns'>,
  records: OnlineRecord[],
  lookup: DictLookup,
  scope?: RowScope,
): Promise<OnlineRecord[]> {
  return withDictTexts(records, bindingsOf(table.columns), lookup, scope);
}
