import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `slider_check`: none. The value is `true` once the handle was dragged to the end. */
export type SliderCheckProps = Record<never, never>;

export const sliderCheckProps = defineProps<SliderCheckProps>()({}, {});

export const sliderCheckEntry = defineEntry({
  type: 'slider_check',
  title: '滑块验证',
  props: sliderCheckProps,
  value: 'boolean',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
});
