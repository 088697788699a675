import type { RendererSpec } from '../../registry/types';
import { InputNumberCell } from './Cell';
import { InputNumberDisplay } from './Display';
import { inputNumberProps } from './props';
import { InputNumberWidget } from './Widget';

/** `inputNumber`: a number (null when empty); in the grid a text box that refuses non-numbers. */
export const inputNumberRenderer: RendererSpec = {
  field: InputNumberWidget,
  display: InputNumberDisplay,
  cell: InputNumberCell,
  props: inputNumberProps.schema,
  queryRule: 'eq',
  valueType: 'number',
};

export default inputNumberRenderer;
