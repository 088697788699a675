import { InputNumber } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from './a11y';
import { cellLook } from './cell';
import { placeholderOf } from './placeholder';
import { asNumber } from './values';

/** What a number box allows and shows, beside the widget's own props. */
export interface NumberBoxOptions {
  readonly min?: number;
  readonly max?: number;
  readonly precision?: number;
  readonly step?: number;
  readonly suffix?: string;
}

/** antd number box as a form widget: a number, or null when emptied; numeric text is read. */
export function NumberBox({
  widget,
  ...options
}: NumberBoxOptions & { readonly widget: FieldWidgetProps }) {
  return (
    <InputNumber<number>
      {...a11y(widget)}
      {...cellLook(widget)}
      style={{ width: '100%' }}
      value={asNumber(widget.value)}
      onChange={(value) => widget.onChange?.(asNumber(value))}
      onBlur={widget.onBlur}
      disabled={widget.disabled}
      readOnly={widget.readOnly}
      placeholder={placeholderOf(widget, '请输入')}
      {...options}
    />
  );
}
