import type { RendererSpec } from '../../registry/types';
import { ListMultiCell } from './Cell';
import { ListMultiDisplay } from './Display';
import { listMultiProps } from './props';
import { ListMultiWidget } from './Widget';

/**
 * `list_multi`: several choices from the options as one comma-joined string; shown as their
 * texts joined by commas; filtered with `in`.
 */
export const listMultiRenderer: RendererSpec = {
  field: ListMultiWidget,
  display: ListMultiDisplay,
  cell: ListMultiCell,
  props: listMultiProps.schema,
  queryRule: 'in',
  valueType: 'list',
};

export default listMultiRenderer;
