import type { FieldWidgetProps } from '../../registry/types';
import { SelUserWidget } from './Widget';

/** widgets.md §2.5: the user cell's placeholder (the grid gives no field label). */
export const PLACEHOLDER_USER_CELL = '请选择用户';

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
