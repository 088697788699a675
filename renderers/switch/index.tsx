import type { RendererComponents } from '../../registry/types';
import { SwitchDisplay } from './Display';
import { SwitchWidget } from './Widget';

/**
 * `switch`: on/off holding `'Y'`/`'N'` (or `props.options`); shown as 是/否 (or
 * `props.labels`). `props.options` is read from the field definition when the host's resolved
 * `options` (value/text objects) shadow it.
 */
export const switchRenderer: RendererComponents = {
  field: SwitchWidget,
  display: SwitchDisplay,
};

export default switchRenderer;
