import type { PropsSource } from '../shared/props';
import { tagColorOf } from '../shared/cell';
import { tagsProps } from './props';

/** The colour of a tag: the grid column's `setTagColor(tag)`, else the `colors` prop. */
export function tagColour(props: PropsSource): (tag: string) => string | undefined {
  const fromColumn = tagColorOf(props);
  const { colors } = tagsProps.read(props);
  return (tag) => {
    const own = colors?.[tag];
    return fromColumn?.(tag) ?? (typeof own === 'string' && own !== '' ? own : undefined);
  };
}
