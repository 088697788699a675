import type { DisplayProps } from '../../registry/types';
import { TextView } from '../shared/TextView';
import { asText } from '../shared/values';
import { textareaProps } from '../../src/contracts/catalogue/entries/textarea';

/** The text: whole with its line breaks in a detail view, one cut line in cells. */
export function TextareaDisplay(props: DisplayProps) {
  const { ellipsis } = textareaProps.read(props);
  return <TextView text={asText(props.value)} variant={props.variant} ellipsis={ellipsis} />;
}
