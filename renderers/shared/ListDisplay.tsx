import type { DisplayProps } from '../../registry/types';
import { dictTextOf, displayOptions, optionText } from './options';
import { TagsView } from './TagsView';
import { splitList } from './values';

/**
 * The texts of a list value: `<name>_dictText` (comma-joined by the server) first, else each
 * item's option text, else the items themselves.
 */
export function listTexts(props: DisplayProps, separator: string): string[] {
  const dictText = dictTextOf(props);
  if (dictText !== undefined) return splitList(dictText, ',');
  const options = displayOptions(props);
  return splitList(props.value, separator).map((item) => optionText(options, item));
}

/** Read-only view of several values: one tag each. */
export function ListDisplay({
  separator,
  ...props
}: DisplayProps & { readonly separator: string }) {
  return <TagsView texts={listTexts(props, separator)} />;
}
