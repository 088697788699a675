import type { DictCache } from '../../modules/dict/cache';
import type { TextMap } from './cells';
import { optionSourceOf } from '../../../src/contracts/page-field';

/**
 * The columns of a system screen's spreadsheet (export and import). A column names a record
 * property; values with a dictionary or options travel as their text.
 */
export interface SheetColumn {
  /** Record property (camelCase, as the list answers it and add/edit take it). */
  readonly name: string;
  /** Header text. */
  readonly label: string;
  /** System dictionary translating values to text (and text back to values on import). */
  readonly dictCode?: string;
  /** Fixed value/text pairs, when there is no dictionary. */
  readonly options?: readonly { readonly value: string; readonly text: string }[];
  /** How an imported cell is read. Default `string`. */
  readonly type?: 'string' | 'integer' | 'number' | 'date' | 'datetime';
  /** Written on export, ignored on import (create time, computed names). Default false. */
  readonly exportOnly?: boolean;
}

/** Value → text maps of the columns that have a dictionary or options, by column name. */
export async function columnTexts(
  columns: readonly SheetColumn[],
  dicts: DictCache,
): Promise<Map<string, TextMap>> {
  const maps = new Map<string, TextMap>();
  for (const column of columns) {
    const source = optionSourceOf(column);
    if (typeof source === 'string') {
      const items = await dicts.getItems(source);
      maps.set(column.name, new Map(items.map((i) => [i.value, i.text])));
    } else if (source) {
      maps.set(column.name, new Map(source.map((o) => [o.value, o.text])));
    }
  }
  return maps;
}
