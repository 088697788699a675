import type { FieldWidgetProps } from '../../registry/types';
import { normalText } from './Display';

/** In a form: the value's text, never an input (the value is kept and saved unchanged). */
export function NormalWidget(props: FieldWidgetProps) {
  const text = normalText({ value: props.value, options: props.options, field: props.field });
  return (
    <span className="ant-form-text" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </span>
  );
}
