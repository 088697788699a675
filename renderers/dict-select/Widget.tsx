import type { FieldWidgetProps } from '../../registry/types';
import { RadioControl } from '../shared/RadioControl';
import { SelectControl } from '../shared/SelectControl';
import { dictSelectProps } from '../../src/contracts/catalogue/entries/dict-select';

/** The dictionary's options as a dropdown, radios or buttons; the value is the item value. */
export function DictSelectWidget(props: FieldWidgetProps) {
  const p = dictSelectProps.read(props);
  if (p.mode === 'select') {
    return (
      <SelectControl widget={props} allowClear={p.allowClear ?? true} showSearch={p.showSearch} />
    );
  }
  return (
    <RadioControl
      widget={props}
      allowClear={p.allowClear ?? false}
      optionType={p.mode === 'radio-button' ? 'button' : 'default'}
    />
  );
}
