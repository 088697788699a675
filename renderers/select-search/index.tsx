import type { RendererComponents } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { SelectSearchWidget } from './Widget';

/**
 * `select-search`: one choice found by typing part of its text; with `allowInput` a typed value
 * outside the options is kept. Shown as the dictionary text, the option text or the value.
 */
export const selectSearchRenderer: RendererComponents = {
  field: SelectSearchWidget,
  display: OptionDisplay,
};

export default selectSearchRenderer;
