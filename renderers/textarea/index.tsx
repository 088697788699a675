import type { RendererComponents } from '../../registry/types';
import { TextareaDisplay } from './Display';
import { TextareaWidget } from './Widget';

/** `textarea`: several lines of text, filtered with `like` in query forms. */
export const textareaRenderer: RendererComponents = {
  field: TextareaWidget,
  display: TextareaDisplay,
};

export default textareaRenderer;
