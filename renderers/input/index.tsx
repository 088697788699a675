import type { RendererSpec } from '../../registry/types';
import { InputDisplay } from './Display';
import { inputProps } from './props';
import { InputWidget } from './Widget';

/** `input`: single-line text, filtered with `like` in query forms. */
export const inputRenderer: RendererSpec = {
  field: InputWidget,
  display: InputDisplay,
  props: inputProps.schema,
  queryRule: 'like',
  valueType: 'string',
};

export default inputRenderer;
