import type { RendererComponents } from '../../registry/types';
import { SelRoleDisplay } from './Display';
import { SelRoleWidget } from './Widget';

/**
 * `sel_role` (widgets.md §2.11): roles picked in the role picker, held by id or role code
 * comma-joined, shown as their names (looked up in one request per screen).
 */
export const selRoleRenderer: RendererComponents = {
  field: SelRoleWidget,
  display: SelRoleDisplay,
  cell: SelRoleWidget,
};

export default selRoleRenderer;
