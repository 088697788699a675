import type { RendererSpec } from '../../registry/types';
import { DatetimeDisplay } from './Display';
import { datetimeMeta, datetimeProps } from './props';
import { DatetimeWidget } from './Widget';

/** `datetime`: a moment as `'YYYY-MM-DD HH:mm:ss'`. Registered lazily (renderers/index.ts). */
export const datetimeRenderer: RendererSpec = {
  field: DatetimeWidget,
  display: DatetimeDisplay,
  props: datetimeProps.schema,
  ...datetimeMeta,
};

export default datetimeRenderer;
