import type { FieldWidgetProps } from '../../registry/types';

/** The placeholder given, else 请输入/请选择 + the field label. */
export function placeholderOf(props: FieldWidgetProps, verb: '请输入' | '请选择'): string {
  if (typeof props.placeholder === 'string') return props.placeholder;
  return verb + (props.field?.label ?? '');
}
