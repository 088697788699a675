import { Input } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asText } from '../shared/values';
import { textareaProps } from '../../src/contracts/catalogue/entries/textarea';

/** Multi-line text box; the value is the text typed ('' when emptied). */
export function TextareaWidget(props: FieldWidgetProps) {
  const p = textareaProps.read(props);
  return (
    <Input.TextArea
      {...a11y(props)}
      {...cellLook(props)}
      value={asText(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={placeholderOf(props, '请输入')}
      rows={p.rows}
      maxLength={p.maxLength}
      showCount={p.maxLength !== undefined}
      autoSize={p.autoSize}
    />
  );
}
