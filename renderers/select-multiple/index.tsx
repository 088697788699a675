import type { RendererSpec } from '../../registry/types';
import { SelectMultipleCell } from './Cell';
import { SelectMultipleDisplay } from './Display';
import { selectMultipleProps } from './props';
import { SelectMultipleWidget } from './Widget';

/** `select-multiple`: several choices in one joined string; filtered with `in`. */
export const selectMultipleRenderer: RendererSpec = {
  field: SelectMultipleWidget,
  display: SelectMultipleDisplay,
  cell: SelectMultipleCell,
  props: selectMultipleProps.schema,
  queryRule: 'in',
  valueType: 'list',
};

export default selectMultipleRenderer;
