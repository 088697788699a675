import type { FieldWidgetProps } from '../../registry/types';
import { normalText } from './Display';

/**
 * Grid cell of `normal`: the value's text on one line (cut with '...', whole in a title),
 * never an input; the value is kept unchanged.
 */
export function NormalCell(props: FieldWidgetProps) {
  const text = normalText({ value: props.value, options: props.options, field: props.field });
  return (
    <span
      title={text || undefined}
      style={{
        display: 'block',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </span>
  );
}
