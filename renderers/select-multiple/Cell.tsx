import type { FieldWidgetProps } from '../../registry/types';
import { SelectMultipleWidget } from './Widget';

/** Grid cell of `select-multiple`: the same dropdown, one tag shown then "+N" (widgets.md §9). */
export function SelectMultipleCell(props: FieldWidgetProps) {
  return <SelectMultipleWidget {...props} maxTagCount={1} />;
}
