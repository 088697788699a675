import type { RendererComponents } from '../../registry/types';
import { TextView } from '../shared/TextView';
import type { DisplayProps } from '../../registry/types';
import { asText } from '../shared/values';
import { InputPopCell, InputPopWidget } from './Widget';

/** The text, cut in cells like any text. */
export function InputPopDisplay(props: DisplayProps) {
  return <TextView text={asText(props.value)} variant={props.variant} />;
}

/** `input_pop`: a text box with a larger pop-up text area (widgets.md §2.5). */
export const inputPopRenderer: RendererComponents = {
  field: InputPopWidget,
  cell: InputPopCell,
  display: InputPopDisplay,
};

export default inputPopRenderer;
