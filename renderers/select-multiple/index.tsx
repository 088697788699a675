import type { RendererComponents } from '../../registry/types';
import { SelectMultipleCell } from './Cell';
import { SelectMultipleDisplay } from './Display';
import { SelectMultipleWidget } from './Widget';

/** `select-multiple`: several choices in one joined string; filtered with `in`. */
export const selectMultipleRenderer: RendererComponents = {
  field: SelectMultipleWidget,
  display: SelectMultipleDisplay,
  cell: SelectMultipleCell,
};

export default selectMultipleRenderer;
