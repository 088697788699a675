import { selDepartEntry } from '../../src/contracts/catalogue/entries/sel_depart';
import type { FieldWidgetProps } from '../../registry/types';
import { SelDepartWidget } from './Widget';

/** widgets.md §2.5: the cell's own placeholder, kept in the catalogue entry. */
export const PLACEHOLDER_DEPART_CELL = selDepartEntry.grid.placeholder;

/** Grid cell of `sel_depart`: the same box and dialog, with the cell's placeholder. */
export function SelDepartCell(props: FieldWidgetProps) {
  return (
    <SelDepartWidget
      {...props}
      placeholder={
        typeof props.placeholder === 'string' ? props.placeholder : PLACEHOLDER_DEPART_CELL
      }
    />
  );
}
