/**
 * The cheap read-only text of a cell: what most cells show, computed without mounting a
 * component. Each column gets its reader once (option lookup table and `_dictText` key made
 * up front), so drawing a cell allocates nothing but its text. Types with a display of their
 * own (dates, uploads, progress…) use that instead.
 */
import type { FieldOption } from '../../../src/contracts/page';
import { isChecked } from '../model/checkbox-value';
import type { GridColumn, GridRow } from '../types';

/** Types whose cells are plain text (option text for the choice types). */
export const TEXT_TYPES: ReadonlySet<string> = new Set([
  'input',
  'textarea',
  'normal',
  'inputNumber',
  'select',
  'select-search',
  'select-multiple',
  'list_multi',
  'radio',
  'sel_search',
  'sel_search_async',
  'dict-select',
  'checkbox-group',
  'checkbox',
]);

/** Text types whose value is shown as it is (no options, no dictionary text). */
const VALUE_TYPES: ReadonlySet<string> = new Set(['input', 'textarea', 'normal', 'inputNumber']);

/** Read-only texts of a checkbox cell. */
export const CHECKBOX_TEXT: readonly [string, string] = ['是', '否'];

export type TextReader = (row: Readonly<GridRow>) => string;

function scalarText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return '';
  return String(value);
}

/** How a column's cells read as text. */
export function textReader(column: GridColumn, options: readonly FieldOption[]): TextReader {
  const { key } = column;
  if (column.type === 'checkbox') {
    const pair = column.customValue;
    return (row) => {
      const value = row[key];
      if (value === undefined || value === null || value === '') return '';
      return isChecked(value, pair) ? CHECKBOX_TEXT[0] : CHECKBOX_TEXT[1];
    };
  }
  if (VALUE_TYPES.has(column.type) && options.length === 0) return (row) => scalarText(row[key]);
  // Choices: `<key>_dictText` of the row first, then option text item by item ('a,b').
  const dictKey = `${key}_dictText`;
  const textOf = new Map(options.map((o) => [o.value, o.text]));
  return (row) => {
    const dictText = row[dictKey];
    if (typeof dictText === 'string' && dictText !== '') return dictText;
    const value = row[key];
    const text = scalarText(value);
    if (text === '' || textOf.size === 0) return text;
    if (!Array.isArray(value) && !text.includes(',')) return textOf.get(text) ?? text;
    const items = Array.isArray(value) ? value.map(String) : text.split(',');
    return items.map((v) => textOf.get(v) ?? v).join(',');
  };
}
