import type { FieldWidgetProps } from '../../registry/types';
import { PickerControl } from '../shared/PickerControl';
import { datetimeProps } from '../../src/contracts/catalogue/entries/datetime';

/** Day and time picker; the value is `'YYYY-MM-DD HH:mm:ss'`, null once cleared. */
export function DatetimeWidget(props: FieldWidgetProps) {
  const p = datetimeProps.read(props);
  return <PickerControl widget={props} kind="datetime" {...p} />;
}
