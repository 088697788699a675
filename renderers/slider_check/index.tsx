import type { RendererComponents } from '../../registry/types';
import { SliderCheckDisplay } from './Display';
import { SliderCheckWidget } from './Widget';

/** `slider_check`: the drag-slider human check (widgets.md §2.3, §4); 已验证 / 未验证 read-only. */
export const sliderCheckRenderer: RendererComponents = {
  field: SliderCheckWidget,
  display: SliderCheckDisplay,
};

export default sliderCheckRenderer;
