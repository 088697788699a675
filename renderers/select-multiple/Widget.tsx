import type { FieldWidgetProps } from '../../registry/types';
import { searchOf } from '../shared/cell';
import { MultiSelectControl } from '../shared/MultiSelectControl';
import { selectMultipleProps } from '../../src/contracts/catalogue/entries/select-multiple';

/** Dropdown of the options with tags; the value is the chosen values joined ('' for none). */
export function SelectMultipleWidget(props: FieldWidgetProps) {
  const p = selectMultipleProps.read(props);
  return (
    <MultiSelectControl
      widget={props}
      separator={p.separator}
      allowClear={p.allowClear}
      showSearch={searchOf(props, p.showSearch)}
      maxTagCount={p.maxTagCount}
    />
  );
}
