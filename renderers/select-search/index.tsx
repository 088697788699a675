import type { RendererSpec } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { selectSearchProps } from './props';
import { SelectSearchWidget } from './Widget';

/**
 * `select-search`: one choice found by typing part of its text; with `allowInput` a typed value
 * outside the options is kept. Shown as the dictionary text, the option text or the value.
 */
export const selectSearchRenderer: RendererSpec = {
  field: SelectSearchWidget,
  display: OptionDisplay,
  props: selectSearchProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default selectSearchRenderer;
