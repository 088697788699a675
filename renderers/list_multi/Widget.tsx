import type { FieldWidgetProps } from '../../registry/types';
import { searchOf } from '../shared/cell';
import { MultiSelectControl } from '../shared/MultiSelectControl';
import { LIST_SEPARATOR, listMultiProps } from '../../src/contracts/catalogue/entries/list_multi';

/** Dropdown of the options with tags; the value is the chosen values comma-joined ('' for none). */
export function ListMultiWidget(props: FieldWidgetProps) {
  const p = listMultiProps.read(props);
  return (
    <MultiSelectControl
      widget={props}
      separator={LIST_SEPARATOR}
      allowClear={p.allowClear}
      showSearch={searchOf(props, p.showSearch)}
      maxTagCount={p.maxTagCount}
    />
  );
}
