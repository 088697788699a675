import type { FieldWidgetProps } from '../../registry/types';
import { TagsControl } from './Widget';

/** Grid cell of `tags`: the same tag box, one tag shown then "+N". */
export function TagsCell(props: FieldWidgetProps) {
  return <TagsControl widget={props} maxTagCount={1} />;
}
