import type { FieldWidgetProps } from '../../../registry/types';

/** What names an upload field's controls: the field's label, else the grid's column title. */
export function labelOf(props: FieldWidgetProps): string {
  if (props.field?.label) return props.field.label;
  const given = props['aria-label'];
  return typeof given === 'string' && given !== '' ? given : '文件';
}
