import type { RendererComponents } from '../../registry/types';
import { PcaDisplay } from './Display';
import { PcaWidget } from './Widget';

/** `pca` (widgets.md §2.1): region codes held, paths of names shown, levels loaded on opening. */
export const pcaRenderer: RendererComponents = { field: PcaWidget, display: PcaDisplay };

export default pcaRenderer;
