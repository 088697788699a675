import type { DisplayProps } from '../../registry/types';
import { ListDisplay } from '../shared/ListDisplay';
import { checkboxGroupProps } from '../../src/contracts/catalogue/entries/checkbox-group';

/** One tag per ticked value (dictionary or option text). */
export function CheckboxGroupDisplay(props: DisplayProps) {
  const { separator } = checkboxGroupProps.read(props);
  return <ListDisplay {...props} separator={separator} />;
}
