import { Input } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asText } from '../shared/values';
import { passwordProps } from '../../src/contracts/catalogue/entries/password';

/**
 * Masked text box; the value is the text typed ('' when emptied). `new-password` keeps the
 * browser from filling in the signed-in user's saved password.
 */
export function PasswordWidget(props: FieldWidgetProps) {
  const p = passwordProps.read(props);
  return (
    <Input.Password
      {...a11y(props)}
      {...cellLook(props)}
      value={asText(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={placeholderOf(props, '请输入')}
      maxLength={p.maxLength}
      visibilityToggle={p.visibilityToggle && !props.readOnly && !props.disabled}
      autoComplete="new-password"
    />
  );
}
