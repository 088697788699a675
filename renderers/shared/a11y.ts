import type { FieldWidgetProps } from '../../registry/types';

/** `id` when the host gives one, and the field label as the accessible name. */
export function a11y(props: FieldWidgetProps): { id?: string; 'aria-label'?: string } {
  const out: { id?: string; 'aria-label'?: string } = {};
  if (typeof props.id === 'string') out.id = props.id;
  if (props.field?.label) out['aria-label'] = props.field.label;
  return out;
}
