import type { RendererComponents } from '../../registry/types';
import { ListMultiCell } from './Cell';
import { ListMultiDisplay } from './Display';
import { ListMultiWidget } from './Widget';

/**
 * `list_multi`: several choices from the options as one comma-joined string; shown as their
 * texts joined by commas; filtered with `in`.
 */
export const listMultiRenderer: RendererComponents = {
  field: ListMultiWidget,
  display: ListMultiDisplay,
  cell: ListMultiCell,
};

export default listMultiRenderer;
