import type { FieldWidgetProps } from '../../registry/types';
import { NumberTextControl } from '../shared/NumberTextControl';
import { inputNumberProps } from '../../src/contracts/catalogue/entries/inputNumber';

/**
 * Grid cell of `inputNumber`: a plain text box that refuses anything but a number, empty or a
 * lone minus; holds a number (null when empty), settled within min/max/precision on blur.
 */
export function InputNumberCell(props: FieldWidgetProps) {
  const p = inputNumberProps.read(props);
  return <NumberTextControl widget={props} min={p.min} max={p.max} precision={p.precision} />;
}
