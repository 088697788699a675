import type { RendererSpec } from '../../registry/types';
import { TimeDisplay } from './Display';
import { timeMeta, timeProps } from './props';
import { TimeWidget } from './Widget';

/** `time`: a time of day as `'HH:mm:ss'`. Registered lazily (renderers/index.ts). */
export const timeRenderer: RendererSpec = {
  field: TimeWidget,
  display: TimeDisplay,
  props: timeProps.schema,
  ...timeMeta,
};

export default timeRenderer;
