import type { DisplayProps } from '../../registry/types';
import { TagsView } from '../shared/TagsView';
import { splitList } from '../shared/values';
import { tagColour } from './colour';
import { TAG_SEPARATOR } from '../../src/contracts/catalogue/entries/tags';

/** One antd Tag per tag of the string, coloured by `setTagColor` / `colors`. */
export function TagsDisplay(props: DisplayProps) {
  return <TagsView texts={splitList(props.value, TAG_SEPARATOR)} colorOf={tagColour(props)} />;
}
