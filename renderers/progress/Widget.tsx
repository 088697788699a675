import { InputNumber } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asNumber } from '../shared/values';
import { ProgressDisplay } from './Display';
import { PERCENT, progressProps } from './props';

/**
 * In a form: the bar, or with `editable` a number box of 0–100 (`%` after it); the value is a
 * number, null when emptied.
 */
export function ProgressWidget(props: FieldWidgetProps) {
  const p = progressProps.read(props);
  if (!p.editable || props.readOnly) {
    return <ProgressDisplay {...props} value={props.value} />;
  }
  return (
    <InputNumber<number>
      {...a11y(props)}
      {...cellLook(props)}
      style={{ width: '100%' }}
      value={asNumber(props.value)}
      onChange={(value) => props.onChange?.(asNumber(value))}
      onBlur={props.onBlur}
      disabled={props.disabled}
      placeholder={placeholderOf(props, '请输入')}
      min={PERCENT.min}
      max={PERCENT.max}
      suffix="%"
    />
  );
}
