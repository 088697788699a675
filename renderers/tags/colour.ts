import type { PropsSource } from '../../src/contracts/catalogue/props';
import { tagColorOf } from '../shared/cell';
import { tagsProps } from '../../src/contracts/catalogue/entries/tags';

/** The colour of a tag: the grid column's `setTagColor(tag)`, else the `colors` prop. */
export function tagColour(props: PropsSource): (tag: string) => string | undefined {
  const fromColumn = tagColorOf(props);
  const { colors } = tagsProps.read(props);
  return (tag) => {
    const own = colors?.[tag];
    return fromColumn?.(tag) ?? (typeof own === 'string' && own !== '' ? own : undefined);
  };
}
