import type { ISchema } from '@formily/react';
import type { FieldDefinition, PageDefinition } from '../../../src/contracts/page';
import type { RendererRegistry } from '../../registry';
import { formView } from '../page-model';
import type { OptionsByField } from '../use-field-options';
import { linkageReactions } from './linkages';
import { compileRules, type RuleContext } from './validators';

export type FormMode = 'add' | 'edit' | 'detail';

/** The fields of the edit form in a mode (`only: create|edit` honoured). */
export function formFields(fields: readonly FieldDefinition[], mode: FormMode): FieldDefinition[] {
  return fields.filter((field) => {
    const view = formView(field);
    if (!view) return false;
    if (view.only === 'create') return mode === 'add';
    if (view.only === 'edit') return mode !== 'add';
    return true;
  });
}

/** Fields per row: the definition's, else 1 (2 from 8 visible fields). */
export function formColumns(page: PageDefinition, fields: readonly FieldDefinition[]): number {
  if (page.form?.columns) return page.form.columns;
  const visible = fields.filter((f) => !formView(f)?.hidden && f.type !== 'hidden').length;
  return visible >= 8 ? 2 : 1;
}

function valueKind(registry: RendererRegistry, field: FieldDefinition): string {
  const type = registry.get(field.type)?.valueType;
  return type === 'number' || type === 'boolean' ? type : 'string';
}

export interface FormSchemaInput {
  readonly page: PageDefinition;
  readonly fields: readonly FieldDefinition[];
  readonly mode: FormMode;
  readonly options: OptionsByField;
  readonly registry: RendererRegistry;
  readonly rules: RuleContext;
  /** Control ids are `${idPrefix}-${name}` (the labels point at them). */
  readonly idPrefix: string;
}

/**
 * The Formily schema of a form: one column grid, one FieldItem per field with the registry's
 * widget, the compiled rules and linkage reactions. Built explicitly from the definition;
 * nothing in it is an expression string.
 */
export function buildFormSchema(input: FormSchemaInput): ISchema {
  const { page, fields, mode, options, registry, rules, idPrefix } = input;
  const columns = formColumns(page, fields);
  const reactions = linkageReactions(page.linkages ?? [], mode === 'detail');
  const properties: Record<string, ISchema> = {};
  fields.forEach((field, index) => {
    const view = formView(field) ?? {};
    const span = view.span ?? Math.floor(24 / columns);
    const hidden = view.hidden === true || field.type === 'hidden';
    properties[field.name] = {
      type: valueKind(registry, field),
      title: field.label,
      'x-index': index,
      'x-decorator': 'FieldItem',
      'x-decorator-props': {
        style: {
          gridColumn: `span ${Math.min(columns, Math.max(1, Math.round((span * columns) / 24)))}`,
        },
      },
      'x-component': field.type,
      'x-component-props': {
        ...field.props,
        id: `${idPrefix}-${field.name}`,
        options: options.get(field.name),
        placeholder: field.placeholder ?? (mode === 'detail' ? undefined : `请输入${field.label}`),
      },
      'x-validator': mode === 'detail' ? [] : compileRules(field, rules),
      ...(hidden ? { 'x-display': 'hidden' } : {}),
      ...(view.readOnly && mode !== 'detail' ? { 'x-pattern': 'readOnly' } : {}),
      ...(mode === 'add' && field.defaultValue !== undefined
        ? { default: field.defaultValue }
        : {}),
      ...(reactions.has(field.name) ? { 'x-reactions': reactions.get(field.name) } : {}),
    };
  });
  return {
    type: 'object',
    properties: {
      grid: {
        type: 'void',
        'x-component': 'FormColumns',
        'x-component-props': { columns },
        properties,
      },
    },
  };
}
