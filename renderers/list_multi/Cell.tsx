import type { FieldWidgetProps } from '../../registry/types';
import { ListMultiWidget } from './Widget';

/** Grid cell of `list_multi`: the same dropdown, one tag shown then "+N" (widgets.md §9). */
export function ListMultiCell(props: FieldWidgetProps) {
  return <ListMultiWidget {...props} maxTagCount={1} />;
}
