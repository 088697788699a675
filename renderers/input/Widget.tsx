import { Input } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asText } from '../shared/values';
import { inputProps } from '../../src/contracts/catalogue/entries/input';

/** Text box; the value is the text typed ('' when emptied). */
export function InputWidget(props: FieldWidgetProps) {
  const p = inputProps.read(props);
  return (
    <Input
      {...a11y(props)}
      {...cellLook(props)}
      value={asText(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={placeholderOf(props, '请输入')}
      maxLength={p.maxLength}
      allowClear={p.allowClear && !props.readOnly}
      prefix={p.prefix}
      suffix={p.suffix}
    />
  );
}
