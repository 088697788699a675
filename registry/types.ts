import type { ComponentType, ReactNode } from 'react';
import type { AnyEntry } from '../src/contracts/catalogue/index';
import type { FieldDefinition, FieldOption } from '../src/contracts/page';

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
  /** The widget sits in a list's query form (pca: a region of any level may be chosen). */
  readonly inQuery?: boolean;
  /**
   * Sets several values of the same form (or the same grid row) at once, by field name: a
   * popup fills its sibling fields from the chosen row (widgets.md §2.10). Given by the page
   * engine's forms and the editable grid's cell editors; absent elsewhere (query forms, tests).
   */
  readonly setValues?: (values: Readonly<Record<string, unknown>>) => void;
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

/**
 * The components of a renderer type. Everything else about the type (props schema, value kind,
 * query rule, grid defaults, lookups) is its catalogue entry (src/contracts/catalogue).
 */
export interface RendererComponents {
  /** The editing widget. */
  readonly field: ComponentType<FieldWidgetProps>;
  /** Read-only view; default: the text of the value (dictionary text when there is one). */
  readonly display?: ComponentType<DisplayProps>;
  /** Editable-grid cell when it differs from the field widget. */
  readonly cell?: ComponentType<FieldWidgetProps>;
}

/**
 * What a type is bound to: its components, or a lazy module of them whose code loads on first
 * render (the catalogue entry is known up front, so pages check without loading it).
 */
export type RendererBinding =
  | RendererComponents
  | {
      readonly lazy: () => Promise<{ default: RendererComponents }>;
      /**
       * A light read-only view available before the code loads, so list cells never wait for
       * the editing widget. Default: the loaded components' `display`.
       */
      readonly display?: ComponentType<DisplayProps>;
    };

export interface RegisterOptions {
  /** Replace an existing binding of the same type. */
  readonly override?: boolean;
}

/** A renderer ready to use: its catalogue entry and components (lazy ones suspend until loaded). */
export interface ResolvedRenderer {
  readonly type: string;
  readonly entry: AnyEntry;
  readonly field: ComponentType<FieldWidgetProps>;
  readonly display: ComponentType<DisplayProps> | null;
  readonly cell: ComponentType<FieldWidgetProps> | null;
  readonly lazy: boolean;
}

/** Text of a value for display when a renderer gives no display component. */
export type DisplayText = (value: unknown, options?: readonly FieldOption[]) => ReactNode;
