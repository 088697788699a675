import type { RendererComponents } from '../../registry/types';
import { InputDisplay } from './Display';
import { InputWidget } from './Widget';

/** `input`: single-line text, filtered with `like` in query forms. */
export const inputRenderer: RendererComponents = {
  field: InputWidget,
  display: InputDisplay,
};

export default inputRenderer;
