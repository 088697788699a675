import type { FieldWidgetProps } from '../../registry/types';
import { SelDepartWidget } from './Widget';

/** widgets.md §2.5: the department cell's placeholder (the grid gives no field label). */
export const PLACEHOLDER_DEPART_CELL = '请点击选择部门';

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
