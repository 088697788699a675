import { defineProps } from '../shared/props';

/** Props of `hidden`: none. The value is kept in the form and saved, never shown. */
export type HiddenProps = Record<never, never>;

export const hiddenProps = defineProps<HiddenProps>()({}, {});
