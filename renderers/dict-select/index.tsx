import type { RendererComponents } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { DictSelectWidget } from './Widget';

/**
 * `dict-select`: one item of the field's dictionary (the engine resolves `dictCode` into
 * `options`); shown as `<name>_dictText`, else the item text.
 */
export const dictSelectRenderer: RendererComponents = {
  field: DictSelectWidget,
  display: OptionDisplay,
};

export default dictSelectRenderer;
