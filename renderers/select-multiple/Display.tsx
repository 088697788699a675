import type { DisplayProps } from '../../registry/types';
import { ListDisplay } from '../shared/ListDisplay';
import { selectMultipleProps } from '../../src/contracts/catalogue/entries/select-multiple';

/** One tag per chosen value (dictionary or option text). */
export function SelectMultipleDisplay(props: DisplayProps) {
  const { separator } = selectMultipleProps.read(props);
  return <ListDisplay {...props} separator={separator} />;
}
