import type { FieldWidgetProps } from '../../registry/types';
import { PickerControl } from '../shared/PickerControl';
import { dateProps } from '../../src/contracts/catalogue/entries/date';

/** Day picker; the value is `'YYYY-MM-DD'`, null once cleared. */
export function DateWidget(props: FieldWidgetProps) {
  const p = dateProps.read(props);
  return (
    <PickerControl widget={props} kind="date" allowClear={p.allowClear} min={p.min} max={p.max} />
  );
}
