import type { RendererSpec } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { selectProps } from './props';
import { SelectWidget } from './Widget';

/** `select`: one choice; shown as the dictionary text or the option text. */
export const selectRenderer: RendererSpec = {
  field: SelectWidget,
  display: OptionDisplay,
  props: selectProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default selectRenderer;
