import type { FieldWidgetProps } from '../../registry/types';
import { NumberBox } from '../shared/NumberBox';
import { inputNumberProps } from '../../src/contracts/catalogue/entries/inputNumber';

/** Number box; the value is a number, or null when emptied. Numeric text is read as a number. */
export function InputNumberWidget(props: FieldWidgetProps) {
  const p = inputNumberProps.read(props);
  return <NumberBox widget={props} min={p.min} max={p.max} precision={p.precision} step={p.step} />;
}
