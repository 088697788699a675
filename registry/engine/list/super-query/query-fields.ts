import type { FieldDefinition, FieldOption } from '../../../../src/contracts/page';
import {
  offersSuperQuery,
  superQueryKind,
  type SuperQueryKind,
} from '../../../../src/contracts/super-query-fields';
import type { RendererRegistry } from '../../../registry';
import type { OptionsByField } from '../../../use-field-options';

/** A field the builder offers: its name, label, how its value is typed and its options. */
export interface SuperQueryField {
  readonly name: string;
  readonly label: string;
  readonly kind: SuperQueryKind;
  /** Dictionary items or fixed options (kind `options`); empty otherwise. */
  readonly options: readonly FieldOption[];
}

/** The page's fields the builder offers (never free text): see `offersSuperQuery`. */
export function superQueryFields(
  fields: readonly FieldDefinition[],
  registry: RendererRegistry,
  options: OptionsByField,
): SuperQueryField[] {
  const { catalogue } = registry;
  return fields
    .filter((field) => offersSuperQuery(field, catalogue))
    .map((field) => {
      const fieldOptions = options.get(field.name) ?? [];
      return {
        name: field.name,
        label: field.label,
        kind: superQueryKind(field, catalogue, fieldOptions.length > 0),
        options: fieldOptions,
      };
    });
}
