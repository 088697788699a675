import type { RendererSpec } from '../../registry/types';
import { DateDisplay } from './Display';
import { dateMeta, dateProps } from './props';
import { DateWidget } from './Widget';

/** `date`: a day as `'YYYY-MM-DD'`. Registered lazily (renderers/index.ts). */
export const dateRenderer: RendererSpec = {
  field: DateWidget,
  display: DateDisplay,
  props: dateProps.schema,
  ...dateMeta,
};

export default dateRenderer;
