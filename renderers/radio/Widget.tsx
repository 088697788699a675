import type { FieldWidgetProps } from '../../registry/types';
import { RadioControl } from '../shared/RadioControl';
import { radioProps } from '../../src/contracts/catalogue/entries/radio';

/** Radios of the options; the value is the chosen option's value. */
export function RadioWidget(props: FieldWidgetProps) {
  const p = radioProps.read(props);
  return <RadioControl widget={props} allowClear={p.allowClear} optionType={p.optionType} />;
}
