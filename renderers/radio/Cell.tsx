import type { FieldWidgetProps } from '../../registry/types';
import { RadioControl } from '../shared/RadioControl';
import { radioProps } from '../../src/contracts/catalogue/entries/radio';

/**
 * Grid cell of `radio`: the options as radios on one line. Clicking the chosen option clears
 * it only when `allowClear` (the column's, or the props') is true.
 */
export function RadioCell(props: FieldWidgetProps) {
  const p = radioProps.read(props);
  return (
    <RadioControl widget={props} allowClear={p.allowClear} optionType={p.optionType} compact />
  );
}
