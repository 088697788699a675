import type { ComponentType, ReactNode } from 'react';
import type { FieldDefinition, FieldOption, QueryRule } from '../src/contracts/page';

/** A JSON Schema (draft-07) object, as ajv takes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * Props of an editing widget. Controlled: `value` in, `onChange` out. Formily passes exactly
 * these (plus the field's `props` spread in), so the same widget serves forms, query forms and
 * detail views.
 */
export interface FieldWidgetProps {
  readonly value?: unknown;
  readonly onChange?: (value: unknown) => void;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly placeholder?: string;
  /** Options resolved from `dictCode` or `options` (empty when the field has neither). */
  readonly options?: readonly FieldOption[];
  /** The field's definition. */
  readonly field?: FieldDefinition;
  /** The renderer props from the definition are spread in as well. */
  readonly [prop: string]: unknown;
}

/** Props of a read-only view (list cell, detail form). */
export interface DisplayProps {
  readonly value: unknown;
  /** The record the value belongs to (list cells); `<name>_dictText` lives here. */
  readonly record?: Readonly<Record<string, unknown>>;
  readonly options?: readonly FieldOption[];
  readonly field?: FieldDefinition;
  /**
   * Where the value shows: `cell` (list or grid cell: long text shortened with a tooltip) or
   * `detail` (read-only form: full text). Default `cell`.
   */
  readonly variant?: 'cell' | 'detail';
  readonly [prop: string]: unknown;
}

/** What a renderer type provides. */
export interface RendererSpec {
  /** The editing widget. */
  readonly field: ComponentType<FieldWidgetProps>;
  /** Read-only view; default: the text of the value (dictionary text when there is one). */
  readonly display?: ComponentType<DisplayProps>;
  /** Editable-grid cell when it differs from the field widget (issue 5). */
  readonly cell?: ComponentType<FieldWidgetProps>;
  /** JSON Schema of `fields[].props` for this type; checked when a page loads. */
  readonly props?: JsonSchema;
  /** The rule a text filter of this type uses in the query form. Default `eq`. */
  readonly queryRule?: QueryRule;
  /** How values of this type are held: drives defaults, import coercion, query ranges. */
  readonly valueType?: 'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'time' | 'list';
}

/**
 * A registration: the spec itself, or a lazy one whose code loads on first render. The props
 * schema of a lazy renderer is given up front so pages validate without loading it.
 */
export type RendererRegistration =
  | RendererSpec
  | {
      readonly lazy: () => Promise<{ default: RendererSpec }>;
      readonly props?: JsonSchema;
      /**
       * A light read-only view available before the code loads, so list cells never wait for
       * the editing widget. Default: the loaded spec's `display`.
       */
      readonly display?: ComponentType<DisplayProps>;
      readonly queryRule?: QueryRule;
      readonly valueType?: RendererSpec['valueType'];
    };

export interface RegisterOptions {
  /** Replace an existing registration of the same type. */
  readonly override?: boolean;
}

/** A renderer ready to use: lazy ones are wrapped so they suspend until loaded. */
export interface ResolvedRenderer {
  readonly type: string;
  readonly field: ComponentType<FieldWidgetProps>;
  readonly display: ComponentType<DisplayProps> | null;
  readonly cell: ComponentType<FieldWidgetProps> | null;
  readonly props: JsonSchema | null;
  readonly queryRule: QueryRule;
  readonly valueType: NonNullable<RendererSpec['valueType']>;
  readonly lazy: boolean;
}

/** Text of a value for display when a renderer gives no display component. */
export type DisplayText = (value: unknown, options?: readonly FieldOption[]) => ReactNode;
