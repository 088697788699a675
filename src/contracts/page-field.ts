import type { Static } from 'typebox';
import type { DeepReadonly } from './deep-readonly';
import type {
  FieldConditionSchema,
  FieldOptionSchema,
  FieldSchema,
  FormViewSchema,
  LinkageOperatorSchema,
  ListViewSchema,
  QueryRuleSchema,
  QueryViewSchema,
  ValidateRuleSchema,
} from './page-schema-field';

/**
 * The fields of a page definition (page.ts): one list feeds the query form, the list columns
 * and the edit form; each field says in which views it appears. Also the condition shape that
 * linkages and row actions (`when`) share. Every type here is derived from its schema in
 * page-schema-field.ts (the doc comments of the properties live there): one source.
 */

export type FieldOption = DeepReadonly<Static<typeof FieldOptionSchema>>;
/** Query rules (widgets.md §9). */
export type QueryRule = Static<typeof QueryRuleSchema>;
/** One validation rule (widgets.md §5): exactly one of required, pattern, unique, checkRule. */
export type ValidateRule = DeepReadonly<Static<typeof ValidateRuleSchema>>;
export type QueryView = DeepReadonly<Static<typeof QueryViewSchema>>;
export type ListView = DeepReadonly<Static<typeof ListViewSchema>>;
export type FormView = DeepReadonly<Static<typeof FormViewSchema>>;
/** One field: its name, label, renderer type and props, dictionary, views and rules. */
export type FieldDefinition = DeepReadonly<Static<typeof FieldSchema>>;
export type LinkageOperator = Static<typeof LinkageOperatorSchema>;
/** A condition on one value of a record or form: linkages and row actions (`when`) use it. */
export type FieldCondition = DeepReadonly<Static<typeof FieldConditionSchema>>;

/**
 * Where a field's option texts come from: its dictionary when it names one, else its fixed
 * options (the schema's `options` are "when there is no dictionary"); `null` for neither. The
 * list's `_dictText`, the export's texts and the browser's choices all read this one rule, so a
 * field that carries both (a select retyped to a dictionary select) shows the same text
 * everywhere.
 */
export function optionSourceOf(field: {
  readonly dictCode?: string | null;
  readonly options?: readonly FieldOption[] | null;
}): string | readonly FieldOption[] | null {
  if (field.dictCode) return field.dictCode;
  return field.options && field.options.length > 0 ? field.options : null;
}
