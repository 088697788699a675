import type { RendererComponents } from '../../registry/types';
import { SelPositionDisplay } from './Display';
import { SelPositionWidget } from './Widget';

/**
 * `sel_position` (widgets.md §2.11): positions picked in the position picker, held as their
 * codes comma-joined, shown as their names (looked up in one request per screen).
 */
export const selPositionRenderer: RendererComponents = {
  field: SelPositionWidget,
  display: SelPositionDisplay,
  cell: SelPositionWidget,
};

export default selPositionRenderer;
