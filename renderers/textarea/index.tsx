import type { RendererSpec } from '../../registry/types';
import { TextareaDisplay } from './Display';
import { textareaProps } from './props';
import { TextareaWidget } from './Widget';

/** `textarea`: several lines of text, filtered with `like` in query forms. */
export const textareaRenderer: RendererSpec = {
  field: TextareaWidget,
  display: TextareaDisplay,
  props: textareaProps.schema,
  queryRule: 'like',
  valueType: 'string',
};

export default textareaRenderer;
