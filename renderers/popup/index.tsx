import type { RendererComponents } from '../../registry/types';
import { PopupDisplay } from './Display';
import { PopupWidget } from './Widget';

/**
 * `popup` (widgets.md §2.10): a box that opens an online report's picker and fills several
 * fields of its form or grid row from the chosen rows. Shown as its text elsewhere.
 */
export const popupRenderer: RendererComponents = {
  field: PopupWidget,
  display: PopupDisplay,
  cell: PopupWidget,
};

export default popupRenderer;
