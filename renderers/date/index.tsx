import type { RendererComponents } from '../../registry/types';
import { DateDisplay } from './Display';
import { DateWidget } from './Widget';

/** `date`: a day as `'YYYY-MM-DD'`. Registered lazily (renderers/index.ts). */
export const dateRenderer: RendererComponents = {
  field: DateWidget,
  display: DateDisplay,
};

export default dateRenderer;
