import type { DisplayProps } from '../../registry/types';
import { TextView } from '../shared/TextView';
import { asText } from '../shared/values';
import { inputProps } from '../../src/contracts/catalogue/entries/input';

/** The text; cut with a tooltip in cells. */
export function InputDisplay(props: DisplayProps) {
  const { ellipsis } = inputProps.read(props);
  return <TextView text={asText(props.value)} variant={props.variant} ellipsis={ellipsis} />;
}
