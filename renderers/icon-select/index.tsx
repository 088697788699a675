import type { RendererComponents } from '../../registry/types';
import { IconSelectDisplay } from './Display';
import { IconSelectWidget } from './Widget';

/** `icon-select`: one of the menu's icons, picked and shown with its Chinese name. */
export const iconSelectRenderer: RendererComponents = {
  field: IconSelectWidget,
  display: IconSelectDisplay,
};

export default iconSelectRenderer;
