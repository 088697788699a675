import type { FieldWidgetProps } from '../../registry/types';
import { searchOf } from '../shared/cell';
import { MultiSelectControl } from '../shared/MultiSelectControl';
import { selectMultipleProps } from './props';

/** Grid cell of `select-multiple`: the same dropdown, one tag shown then "+N" (widgets.md §9). */
export function SelectMultipleCell(props: FieldWidgetProps) {
  const p = selectMultipleProps.read(props);
  return (
    <MultiSelectControl
      widget={props}
      separator={p.separator}
      allowClear={p.allowClear}
      showSearch={searchOf(props, p.showSearch)}
      maxTagCount={1}
    />
  );
}
