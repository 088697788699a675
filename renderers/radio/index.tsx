import type { RendererSpec } from '../../registry/types';
import { OptionDisplay } from '../shared/OptionDisplay';
import { RadioCell } from './Cell';
import { radioProps } from './props';
import { RadioWidget } from './Widget';

/** `radio`: one choice as radios; shown as the dictionary text or the option text. */
export const radioRenderer: RendererSpec = {
  field: RadioWidget,
  display: OptionDisplay,
  cell: RadioCell,
  props: radioProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default radioRenderer;
