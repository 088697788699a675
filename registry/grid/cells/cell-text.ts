/**
 * The cheap read-only text of a cell: what most cells show, computed without mounting a
 * component. Each column gets its reader once (option lookup table and `_dictText` key made
 * up front), so drawing a cell allocates nothing but its text. Types that read as `display`
 * or `tags` (dates, uploads, progress…) draw their component instead.
 */
import type { CellText } from '../../../src/contracts/catalogue/index';
import type { FieldOption } from '../../../src/contracts/page';
import { isChecked } from '../model/checkbox-value';
import type { GridColumn, GridRow } from '../types';

/** Readings drawn as plain text, without mounting a component. */
export function isTextReading(reading: CellText): boolean {
  return reading === 'value' || reading === 'option' || reading === 'yes-no';
}

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

/** How a column's cells read as text, by its type's reading (catalogue `grid.text`). */
export function textReader(
  column: GridColumn,
  options: readonly FieldOption[],
  reading: CellText,
): TextReader {
  const { key } = column;
  if (reading === 'yes-no') {
    const pair = column.customValue;
    return (row) => {
      const value = row[key];
      if (value === undefined || value === null || value === '') return '';
      return isChecked(value, pair) ? CHECKBOX_TEXT[0] : CHECKBOX_TEXT[1];
    };
  }
  if (reading === 'value' && options.length === 0) return (row) => scalarText(row[key]);
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
