import type { RendererComponents } from '../../registry/types';
import { SelTreeDisplay } from './Display';
import { SelTreeWidget } from './Widget';

/** `sel_tree` (widgets.md §2.2): a table tree's values held, texts shown, levels loaded on opening. */
export const selTreeRenderer: RendererComponents = {
  field: SelTreeWidget,
  display: SelTreeDisplay,
};

export default selTreeRenderer;
