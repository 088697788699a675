import type { RendererComponents } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { RadioCell } from './Cell';
import { RadioWidget } from './Widget';

/** `radio`: one choice as radios; shown as the dictionary text or the option text. */
export const radioRenderer: RendererComponents = {
  field: RadioWidget,
  display: OptionDisplay,
  cell: RadioCell,
};

export default radioRenderer;
