import type { RendererComponents } from '../../registry/types';
import { CheckboxCell } from './Cell';
import { CheckboxDisplay } from './Display';
import { CheckboxWidget } from './Widget';

/**
 * `checkbox`: one tick box holding `'Y'`/`'N'` (or custom values); shown as 是/否. In the grid
 * the cell stores the column's `customValue` pair (`[true, false]` by default).
 */
export const checkboxRenderer: RendererComponents = {
  field: CheckboxWidget,
  display: CheckboxDisplay,
  cell: CheckboxCell,
};

export default checkboxRenderer;
