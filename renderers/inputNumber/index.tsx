import type { RendererComponents } from '../../registry/types';
import { InputNumberCell } from './Cell';
import { InputNumberDisplay } from './Display';
import { InputNumberWidget } from './Widget';

/** `inputNumber`: a number (null when empty); in the grid a text box that refuses non-numbers. */
export const inputNumberRenderer: RendererComponents = {
  field: InputNumberWidget,
  display: InputNumberDisplay,
  cell: InputNumberCell,
};

export default inputNumberRenderer;
