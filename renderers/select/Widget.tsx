import type { FieldWidgetProps } from '../../registry/types';
import { SelectControl } from '../shared/SelectControl';
import { selectProps } from './props';

/** Dropdown of the options; the value is the chosen option's value, null once cleared. */
export function SelectWidget(props: FieldWidgetProps) {
  const p = selectProps.read(props);
  return <SelectControl widget={props} allowClear={p.allowClear} showSearch={p.showSearch} />;
}
