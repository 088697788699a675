import { selUserEntry } from '../../src/contracts/catalogue/entries/sel_user';
import type { FieldWidgetProps } from '../../registry/types';
import { SelUserWidget } from './Widget';

/** widgets.md §2.5: the cell's own placeholder, kept in the catalogue entry. */
export const PLACEHOLDER_USER_CELL = selUserEntry.grid.placeholder;

/** Grid cell of `sel_user`: the same box and dialog, small, with the cell's placeholder. */
export function SelUserCell(props: FieldWidgetProps) {
  return (
    <SelUserWidget
      {...props}
      placeholder={
        typeof props.placeholder === 'string' ? props.placeholder : PLACEHOLDER_USER_CELL
      }
    />
  );
}
