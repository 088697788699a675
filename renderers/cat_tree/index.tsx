import type { RendererComponents } from '../../registry/types';
import { CatTreeDisplay } from './Display';
import { CatTreeWidget } from './Widget';

/** `cat_tree` (widgets.md §2.2): category ids held, names shown, levels loaded on opening. */
export const catTreeRenderer: RendererComponents = {
  field: CatTreeWidget,
  display: CatTreeDisplay,
};

export default catTreeRenderer;
