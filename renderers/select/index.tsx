import type { RendererComponents } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { SelectWidget } from './Widget';

/** `select`: one choice; shown as the dictionary text or the option text. */
export const selectRenderer: RendererComponents = {
  field: SelectWidget,
  display: OptionDisplay,
};

export default selectRenderer;
