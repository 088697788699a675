import type { FieldDefinition, FieldOption } from '../../../../src/contracts/page';
import type { RendererRegistry } from '../../../registry';
import type { OptionsByField } from '../../../use-field-options';
import { listView, queryView } from '../../page-model';
import type { ValueKind } from './model';

/** A field the builder offers: its name, label, how its value is typed and its options. */
export interface SuperQueryField {
  readonly name: string;
  readonly label: string;
  readonly kind: ValueKind;
  /** Dictionary items or fixed options (kind `options`); empty otherwise. */
  readonly options: readonly FieldOption[];
}

/** Values no condition can sensibly compare: files, rich text, JSON documents. */
const UNQUERYABLE = new Set(['files', 'html', 'json']);

function kindOf(
  field: FieldDefinition,
  registry: RendererRegistry,
  options: readonly FieldOption[],
): ValueKind {
  const entry = registry.catalogue.get(field.type);
  // A dictionary the engine loads whole (a searching select's is never loaded) or fixed options.
  const wholeDict = field.dictCode && (entry?.lookups.includes('dict') ?? false);
  if (wholeDict || options.length > 0) return 'options';
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

/**
 * The page's fields the builder offers (never free text): those shown in the list or in the
 * query form, except those marked `superQuery: false`, hidden types and values that are files,
 * HTML or JSON.
 */
export function superQueryFields(
  fields: readonly FieldDefinition[],
  registry: RendererRegistry,
  options: OptionsByField,
): SuperQueryField[] {
  const offered: SuperQueryField[] = [];
  for (const field of fields) {
    if (field.superQuery === false || (!listView(field) && !queryView(field))) continue;
    const entry = registry.catalogue.get(field.type);
    if (!entry || entry.hidden || UNQUERYABLE.has(entry.value)) continue;
    const fieldOptions = options.get(field.name) ?? [];
    offered.push({
      name: field.name,
      label: field.label,
      kind: kindOf(field, registry, fieldOptions),
      options: fieldOptions,
    });
  }
  return offered;
}
