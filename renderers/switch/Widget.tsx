import { Switch } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { autoFocusOf, sizeOf } from '../shared/cell';
import { stateOf } from '../shared/yes-no';
import { switchProps } from '../../src/contracts/catalogue/entries/switch';

/** On/off switch; the value is `options[0]` (on) or `options[1]` (off), Y/N by default. */
export function SwitchWidget(props: FieldWidgetProps) {
  const p = switchProps.read(props);
  const [on, off] = p.options;
  const { readOnly } = props;
  return (
    <Switch
      {...a11y(props)}
      autoFocus={autoFocusOf(props)}
      {...(sizeOf(props) === 'small' ? { size: 'small' as const } : {})}
      aria-readonly={readOnly || undefined}
      checked={stateOf(props.value, on, off) === 'on'}
      disabled={props.disabled}
      onChange={(checked) => {
        if (!readOnly) props.onChange?.(checked ? on : off);
      }}
      checkedChildren={p.showLabels ? p.labels[0] : undefined}
      unCheckedChildren={p.showLabels ? p.labels[1] : undefined}
    />
  );
}
