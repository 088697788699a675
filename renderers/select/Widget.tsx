import type { FieldWidgetProps } from '../../registry/types';
import { searchOf } from '../shared/cell';
import { SelectControl } from '../shared/SelectControl';
import { selectProps } from '../../src/contracts/catalogue/entries/select';

/**
 * Dropdown of the options; the value is the chosen option's value, null once cleared. A grid
 * column's `allowSearch` turns the search on or off.
 */
export function SelectWidget(props: FieldWidgetProps) {
  const p = selectProps.read(props);
  return (
    <SelectControl
      widget={props}
      allowClear={p.allowClear}
      showSearch={searchOf(props, p.showSearch)}
    />
  );
}
