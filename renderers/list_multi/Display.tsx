import type { DisplayProps } from '../../registry/types';
import { listTexts } from '../shared/ListDisplay';
import { TextView } from '../shared/TextView';
import { LIST_SEPARATOR } from '../../src/contracts/catalogue/entries/list_multi';

/** The texts of the chosen values (dictionary text, option texts, values) joined by commas. */
export function ListMultiDisplay(props: DisplayProps) {
  return <TextView text={listTexts(props, LIST_SEPARATOR).join(',')} variant={props.variant} />;
}
