import { Checkbox } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { autoFocusOf } from '../shared/cell';
import { stateOf } from '../shared/yes-no';
import { checkboxProps } from '../../src/contracts/catalogue/entries/checkbox';

/** One tick box; the value is `checkedValue` or `uncheckedValue` (`true`/`false` read too). */
export function CheckboxWidget(props: FieldWidgetProps) {
  const p = checkboxProps.read(props);
  const checked = stateOf(props.value, p.checkedValue, p.uncheckedValue) === 'on';
  const { readOnly } = props;
  return (
    <Checkbox
      aria-label={p.text ? undefined : props.field?.label}
      aria-readonly={readOnly || undefined}
      autoFocus={autoFocusOf(props)}
      checked={checked}
      disabled={props.disabled}
      onChange={(e) => {
        if (!readOnly) props.onChange?.(e.target.checked ? p.checkedValue : p.uncheckedValue);
      }}
      onBlur={props.onBlur}
    >
      {p.text}
    </Checkbox>
  );
}
