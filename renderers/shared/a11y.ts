import type { FieldWidgetProps } from '../../registry/types';

/**
 * `id` when the host gives one, and the field label as the accessible name (or the host's own
 * `aria-label`: a grid cell has no field, its column title names it).
 */
export function a11y(props: FieldWidgetProps): { id?: string; 'aria-label'?: string } {
  const out: { id?: string; 'aria-label'?: string } = {};
  if (typeof props.id === 'string') out.id = props.id;
  const label = labelOf(props);
  if (label !== undefined) out['aria-label'] = label;
  return out;
}

/** The accessible name: the field label, else the host's `aria-label` (widgets and views). */
export function labelOf(props: {
  readonly field?: { readonly label?: string };
  readonly [prop: string]: unknown;
}): string | undefined {
  const label = props.field?.label ?? props['aria-label'];
  return typeof label === 'string' && label !== '' ? label : undefined;
}

/**
 * `a11y` for antd selects. rc-select copies `aria-label` onto its outer box as well as onto its
 * input, so a select would be named twice; with an `id` (a form row, whose `<label for>` names
 * the input) the label alone names it, without one (the query form) `aria-label` does.
 */
export function selectA11y(props: FieldWidgetProps): { id?: string; 'aria-label'?: string } {
  const out = a11y(props);
  if (out.id !== undefined) delete out['aria-label'];
  return out;
}
