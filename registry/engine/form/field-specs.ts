import type { CSSProperties } from 'react';
import type { IFieldFactoryProps } from '@formily/core';
import type { FieldDefinition, FormView, PageDefinition } from '../../../src/contracts/page';
import { defaultPlaceholder, formView } from '../page-model';
import type { OptionsByField } from '../../use-field-options';
import { linkageReactions } from './linkages';
import { compileRules, isRequired, type RuleContext } from './validators';
import { isHiddenType } from '../../../src/contracts/catalogue/index';

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

/** `form.readOnly`: `true` in every editing mode, `'edit'` only when editing a record. */
export function isReadOnly(view: FormView, mode: FormMode): boolean {
  if (mode === 'detail') return false; // detail views are read-pretty anyway
  return view.readOnly === true || (view.readOnly === 'edit' && mode === 'edit');
}

/** Fields per row: the definition's, else 1 (2 from 8 visible fields). */
export function formColumns(page: PageDefinition, fields: readonly FieldDefinition[]): number {
  if (page.form?.columns) return page.form.columns;
  const visible = fields.filter((f) => !formView(f)?.hidden && !isHiddenType(f.type)).length;
  return visible >= 8 ? 2 : 1;
}

/** What `form.createField` takes for one engine field. */
export type FieldProps = IFieldFactoryProps<unknown, unknown>;

/** One field of an engine form: how Formily creates it and how its row draws it. */
export interface FormFieldSpec {
  readonly definition: FieldDefinition;
  /** Name, title, compiled rules, default (new records), display, pattern, linkage reactions. */
  readonly props: FieldProps;
  /** What the widget gets besides value / onChange / …: the definition's `props`, `id`,
   * resolved `options` and `placeholder`. One object per field, so its identity is stable. */
  readonly widgetProps: Readonly<Record<string, unknown>>;
  /** The row's grid cell (`grid-column: span n`). */
  readonly style: CSSProperties;
  /** Never drawn (type `hidden` or `form.hidden`): keeps its value and is not validated. */
  readonly hidden: boolean;
  /** Created with the form rather than with its row: it has a default or linkages target it. */
  readonly eager: boolean;
  /** Its rules require it (the mark shown before its row mounts). */
  readonly required: boolean;
}

export interface FieldSpecsInput {
  readonly page: PageDefinition;
  readonly fields: readonly FieldDefinition[];
  readonly mode: FormMode;
  readonly options: OptionsByField;
  readonly rules: RuleContext;
  /** Control ids are `${idPrefix}-${name}` (the labels point at them). */
  readonly idPrefix: string;
}

/**
 * The fields of a form, built explicitly from the definition (nothing in them is an expression
 * string): per field its Formily props (rules, default, display, pattern, linkage reactions)
 * and what its row needs. Linkage reactions keep per-form state: build once per form instance.
 */
export function fieldSpecs(input: FieldSpecsInput): FormFieldSpec[] {
  const { page, fields, mode, options, rules, idPrefix } = input;
  const columns = formColumns(page, fields);
  const reactions = linkageReactions(page.linkages ?? [], mode === 'detail');
  return fields.map((field) => {
    const view = formView(field) ?? {};
    const span = view.span ?? Math.floor(24 / columns);
    const hidden = view.hidden === true || isHiddenType(field.type);
    const hasDefault = mode === 'add' && field.defaultValue !== undefined;
    const fieldReactions = reactions.get(field.name);
    const props: FieldProps = {
      name: field.name,
      title: field.label,
      validator: mode === 'detail' ? [] : compileRules(field, rules),
      ...(hidden ? { display: 'hidden' as const } : {}),
      ...(isReadOnly(view, mode) ? { pattern: 'readOnly' as const } : {}),
      ...(hasDefault ? { initialValue: field.defaultValue } : {}),
      ...(fieldReactions ? { reactions: fieldReactions } : {}),
    };
    return {
      definition: field,
      props,
      widgetProps: {
        ...field.props,
        id: `${idPrefix}-${field.name}`,
        options: options.get(field.name),
        placeholder:
          field.placeholder ?? (mode === 'detail' ? undefined : defaultPlaceholder(field)),
      },
      style: {
        gridColumn: `span ${Math.min(columns, Math.max(1, Math.round((span * columns) / 24)))}`,
      },
      hidden,
      eager: hasDefault || fieldReactions !== undefined,
      required: mode !== 'detail' && isRequired(field),
    };
  });
}
