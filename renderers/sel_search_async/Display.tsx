import { useMemo } from 'react';
import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { dictTextOf } from '../shared/options';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { asChoice } from '../shared/values';
import { dictCodeOf, dictNames } from './dict-search';

const NONE: readonly string[] = [];

/**
 * The text of the held value: the server's `<name>_dictText` when the record has it (lists),
 * else asked through `loadDictItem` (one request for every view of the screen); nothing while
 * it is being asked, the value itself when the dictionary does not name it.
 */
export function SelSearchAsyncDisplay(props: DisplayProps) {
  const { http } = useServices();
  const value = asChoice(props.value);
  const fromRecord = dictTextOf(props);
  const code = dictCodeOf(props);
  const lookup = useMemo(() => dictNames(http, code), [http, code]);
  const ask = value !== undefined && fromRecord === undefined && code !== '';
  const texts = useNames(lookup, ask ? [value] : NONE);
  let text = '';
  if (value !== undefined) text = fromRecord ?? (ask ? (texts?.[0] ?? '') : value);
  return <TextView text={text} variant={props.variant} />;
}
