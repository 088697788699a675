import type { RendererComponents } from '../../registry/types';
import { SelDepartCell } from './Cell';
import { SelDepartDisplay } from './Display';
import { SelDepartWidget } from './Widget';

/**
 * `sel_depart` (widgets.md §2.5, §2.11): departments ticked in the department tree, held as
 * their ids comma-joined, shown as their names (the tree asked for once per screen).
 */
export const selDepartRenderer: RendererComponents = {
  field: SelDepartWidget,
  display: SelDepartDisplay,
  cell: SelDepartCell,
};

export default selDepartRenderer;
