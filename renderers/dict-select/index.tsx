import type { RendererSpec } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { dictSelectProps } from './props';
import { DictSelectWidget } from './Widget';

/**
 * `dict-select`: one item of the field's dictionary (the engine resolves `dictCode` into
 * `options`); shown as `<name>_dictText`, else the item text.
 */
export const dictSelectRenderer: RendererSpec = {
  field: DictSelectWidget,
  display: OptionDisplay,
  props: dictSelectProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default dictSelectRenderer;
