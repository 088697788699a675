import type { FieldWidgetProps } from '../../registry/types';
import { PickerControl } from '../shared/PickerControl';
import { timeProps } from '../../src/contracts/catalogue/entries/time';

/** Time picker; the value is `'HH:mm:ss'`, null once cleared. */
export function TimeWidget(props: FieldWidgetProps) {
  const p = timeProps.read(props);
  return <PickerControl widget={props} kind="time" {...p} />;
}
