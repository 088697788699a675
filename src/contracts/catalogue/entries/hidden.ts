import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `hidden`: none. The value is kept in the form and saved, never shown. */
export type HiddenProps = Record<never, never>;

export const hiddenProps = defineProps<HiddenProps>()({}, {});

export const hiddenEntry = defineEntry({
  type: 'hidden',
  title: '隐藏域',
  props: hiddenProps,
  value: 'string',
  queryRule: 'eq',
  grid: { text: 'display' },
  lookups: [],
  hidden: true,
});
