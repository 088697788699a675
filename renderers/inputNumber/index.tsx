import type { RendererSpec } from '../../registry/types';
import { InputNumberDisplay } from './Display';
import { inputNumberProps } from './props';
import { InputNumberWidget } from './Widget';

/** `inputNumber`: a number (null when empty). */
export const inputNumberRenderer: RendererSpec = {
  field: InputNumberWidget,
  display: InputNumberDisplay,
  props: inputNumberProps.schema,
  queryRule: 'eq',
  valueType: 'number',
};

export default inputNumberRenderer;
