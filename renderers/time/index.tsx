import type { RendererComponents } from '../../registry/types';
import { TimeDisplay } from './Display';
import { TimeWidget } from './Widget';

/** `time`: a time of day as `'HH:mm:ss'`. Registered lazily (renderers/index.ts). */
export const timeRenderer: RendererComponents = {
  field: TimeWidget,
  display: TimeDisplay,
};

export default timeRenderer;
