import type { AnyEntry } from '../catalogue/entry';
import type { ColumnDefinition, ColumnType, FieldDefinition } from '../page';
import { STANDARD_COLUMNS, TREE_COLUMNS } from '../page-validate';

/**
 * How a field and its table column go together, both ways: the column a new field of a type
 * gets (the designer adds it with the field), and the field a database column becomes (a draft
 * made from an existing table). One mapping, so a field made from a column gets that column back.
 */

/** Types whose text may be long: a `text` column rather than a `varchar`. */
const LONG_TEXT_TYPES = new Set(['textarea', 'markdown', 'richtext', 'code-editor']);

/** The column a new field of this renderer type is stored in (named by the caller). */
export function columnForType(
  entry: Pick<AnyEntry, 'type' | 'value'> | undefined,
): Omit<ColumnDefinition, 'name'> {
  if (!entry) return { type: 'string', length: 255 };
  if (LONG_TEXT_TYPES.has(entry.type)) return { type: 'text' };
  // Y / N (or the switch's own pair of values).
  if (entry.type === 'switch') return { type: 'string', length: 10 };
  switch (entry.value) {
    case 'number':
      return { type: 'int' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'date' };
    case 'datetime':
      return { type: 'datetime' };
    case 'time':
      return { type: 'string', length: 8 };
    case 'list':
    case 'files':
      return { type: 'string', length: 1000 };
    case 'json':
    case 'html':
      return { type: 'text' };
    case 'string':
      return { type: 'string', length: 255 };
  }
}

/** Which value kinds a column type can hold as they are (a retype keeps the column then). */
const HOLDS: Readonly<Record<ColumnType, readonly AnyEntry['value'][]>> = {
  string: ['string', 'list', 'files', 'time', 'date', 'datetime'],
  text: ['string', 'list', 'files', 'json', 'html', 'time'],
  int: ['number'],
  bigint: ['number'],
  decimal: ['number'],
  date: ['date'],
  datetime: ['datetime'],
  boolean: ['boolean'],
};

/** Whether a column of this type can hold a field of that renderer type without changing. */
export function columnHolds(type: ColumnType, entry: Pick<AnyEntry, 'value'>): boolean {
  return HOLDS[type].includes(entry.value);
}

/** The renderer type (and props) a database column is edited with. */
export function fieldForColumn(column: ColumnDefinition): Pick<FieldDefinition, 'type' | 'props'> {
  switch (column.type) {
    case 'string':
      return (column.length ?? 255) > 500 ? { type: 'textarea' } : { type: 'input' };
    case 'text':
      return { type: 'textarea' };
    case 'int':
    case 'bigint':
      return { type: 'inputNumber', props: { precision: 0 } };
    case 'decimal':
      return { type: 'inputNumber', props: { precision: column.scale ?? 2 } };
    case 'date':
      return { type: 'date' };
    case 'datetime':
      return { type: 'datetime' };
    case 'boolean':
      return { type: 'switch' };
  }
}

/** Columns the server adds to every table (and to tree tables): never declared by a page. */
export function isStandardColumn(name: string, tree: boolean): boolean {
  return STANDARD_COLUMNS.includes(name) || (tree && TREE_COLUMNS.includes(name));
}
