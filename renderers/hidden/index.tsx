import type { RendererComponents } from '../../registry/types';
import { HiddenDisplay } from './Display';
import { HiddenWidget } from './Widget';

/**
 * `hidden`: kept, saved, never shown. The host should not draw a label or a list column for
 * it (see docs/renderers.md).
 */
export const hiddenRenderer: RendererComponents = {
  field: HiddenWidget,
  display: HiddenDisplay,
};

export default hiddenRenderer;
