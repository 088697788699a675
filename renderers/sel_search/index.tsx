import type { RendererComponents } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { SelSearchWidget } from './Widget';

/**
 * `sel_search`: one choice of a dictionary searched in the browser (the dictionary is loaded
 * whole). Shown as the dictionary text, the option text or the value.
 */
export const selSearchRenderer: RendererComponents = {
  field: SelSearchWidget,
  display: OptionDisplay,
};

export default selSearchRenderer;
