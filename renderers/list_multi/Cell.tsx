import type { FieldWidgetProps } from '../../registry/types';
import { searchOf } from '../shared/cell';
import { MultiSelectControl } from '../shared/MultiSelectControl';
import { LIST_SEPARATOR, listMultiProps } from './props';

/** Grid cell of `list_multi`: the same dropdown, one tag shown then "+N" (widgets.md §9). */
export function ListMultiCell(props: FieldWidgetProps) {
  const p = listMultiProps.read(props);
  return (
    <MultiSelectControl
      widget={props}
      separator={LIST_SEPARATOR}
      allowClear={p.allowClear}
      showSearch={searchOf(props, p.showSearch)}
      maxTagCount={1}
    />
  );
}
