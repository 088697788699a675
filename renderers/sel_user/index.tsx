import type { RendererComponents } from '../../registry/types';
import { SelUserCell } from './Cell';
import { SelUserDisplay } from './Display';
import { SelUserWidget } from './Widget';

/**
 * `sel_user` (widgets.md §2.5, §2.11): people picked in the users-by-department dialog, held
 * as their ids comma-joined, shown as their real names (looked up in one request per screen).
 */
export const selUserRenderer: RendererComponents = {
  field: SelUserWidget,
  display: SelUserDisplay,
  cell: SelUserCell,
};

export default selUserRenderer;
