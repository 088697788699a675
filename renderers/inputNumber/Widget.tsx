import { InputNumber } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asNumber } from '../shared/values';
import { inputNumberProps } from './props';

/** Number box; the value is a number, or null when emptied. Numeric text is read as a number. */
export function InputNumberWidget(props: FieldWidgetProps) {
  const p = inputNumberProps.read(props);
  return (
    <InputNumber<number>
      {...a11y(props)}
      {...cellLook(props)}
      style={{ width: '100%' }}
      value={asNumber(props.value)}
      onChange={(value) => props.onChange?.(asNumber(value))}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={placeholderOf(props, '请输入')}
      min={p.min}
      max={p.max}
      precision={p.precision}
      step={p.step}
    />
  );
}
