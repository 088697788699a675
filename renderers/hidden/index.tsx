import type { RendererSpec } from '../../registry/types';
import { HiddenDisplay } from './Display';
import { hiddenProps } from './props';
import { HiddenWidget } from './Widget';

/**
 * `hidden`: kept, saved, never shown. The host should not draw a label or a list column for
 * it (see docs/renderers.md).
 */
export const hiddenRenderer: RendererSpec = {
  field: HiddenWidget,
  display: HiddenDisplay,
  props: hiddenProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default hiddenRenderer;
