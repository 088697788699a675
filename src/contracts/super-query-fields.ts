import type { Catalogue } from './catalogue/catalogue';
import type { FieldDefinition } from './page';

/**
 * Which fields of a page the advanced query (高级查询, widgets.md §2.9) offers, and how each
 * one's value is typed. Pure, so the browser's builder and the server tests that prove every
 * offered field is one its list filters by read the same rule.
 */

/** How a condition's value is typed: options (dictionary or fixed), a day, a moment, a number, text. */
export type SuperQueryKind = 'options' | 'date' | 'datetime' | 'number' | 'text';

/** Values no condition can sensibly compare: files, rich text, JSON documents. */
const UNQUERYABLE = new Set(['files', 'html', 'json']);

/**
 * Offered: in the list or in the query form, not marked `superQuery: false`, of a type that is
 * neither hidden nor a file, HTML or JSON value.
 */
export function offersSuperQuery(field: FieldDefinition, catalogue: Catalogue): boolean {
  if (field.superQuery === false) return false;
  if (field.list === false && !field.query) return false;
  const entry = catalogue.get(field.type);
  return entry !== undefined && !entry.hidden && !UNQUERYABLE.has(entry.value);
}

/**
 * The value's kind. `hasOptions`: fixed options, or a dictionary the browser has loaded (a
 * searching select's dictionary is never loaded whole).
 */
export function superQueryKind(
  field: FieldDefinition,
  catalogue: Catalogue,
  hasOptions: boolean,
): SuperQueryKind {
  const entry = catalogue.get(field.type);
  const wholeDict = field.dictCode !== undefined && (entry?.lookups.includes('dict') ?? false);
  if (wholeDict || hasOptions) return 'options';
  switch (entry?.value) {
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'number':
      return 'number';
    default:
      return 'text';
  }
}
