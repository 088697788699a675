import { Checkbox } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { labelOf } from '../shared/a11y';
import { autoFocusOf } from '../shared/cell';
import { cellState, cellValues } from './values';

/**
 * Grid cell of `checkbox`: a bare tick box (no text beside it) storing the column's
 * `customValue` pair, `[true, false]` by default.
 */
export function CheckboxCell(props: FieldWidgetProps) {
  const pair = cellValues(props);
  const checked = cellState(props.value, pair) === 'on';
  const { readOnly } = props;
  return (
    <Checkbox
      aria-label={labelOf(props)}
      aria-readonly={readOnly || undefined}
      autoFocus={autoFocusOf(props)}
      checked={checked}
      disabled={props.disabled}
      onChange={(e) => {
        if (!readOnly) props.onChange?.(e.target.checked ? pair[0] : pair[1]);
      }}
      onBlur={props.onBlur}
    />
  );
}
