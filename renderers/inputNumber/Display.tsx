import type { DisplayProps } from '../../registry/types';
import { asNumber } from '../shared/values';
import { inputNumberProps } from '../../src/contracts/catalogue/entries/inputNumber';

/** The number, with the configured decimals. */
export function InputNumberDisplay(props: DisplayProps) {
  const { precision } = inputNumberProps.read(props);
  const value = asNumber(props.value);
  if (value === null) return null;
  return <span>{precision === undefined ? String(value) : value.toFixed(precision)}</span>;
}
