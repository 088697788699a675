import type { RendererComponents } from '../../registry/types';
import { DatetimeDisplay } from './Display';
import { DatetimeWidget } from './Widget';

/** `datetime`: a moment as `'YYYY-MM-DD HH:mm:ss'`. Registered lazily (renderers/index.ts). */
export const datetimeRenderer: RendererComponents = {
  field: DatetimeWidget,
  display: DatetimeDisplay,
};

export default datetimeRenderer;
