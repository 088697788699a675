import type { PropsSource } from '../../src/contracts/catalogue/props';
import { customValueOf } from '../shared/cell';
import { asText } from '../shared/values';
import { checkboxProps } from '../../src/contracts/catalogue/entries/checkbox';

/** The values a grid cell stores when there is neither `customValue` nor a configured pair. */
export const CELL_DEFAULT: readonly [unknown, unknown] = [true, false];

/**
 * The [checked, unchecked] values of a checkbox grid cell: the column's `customValue`, else
 * `checkedValue` / `uncheckedValue` given in the props (spread in or in the field definition),
 * else `[true, false]` (widgets.md §3, §4).
 */
export function cellValues(props: PropsSource): readonly [unknown, unknown] {
  const custom = customValueOf(props);
  if (custom) return custom;
  const own = props.field?.props;
  const configured = [
    props.checkedValue,
    props.uncheckedValue,
    own?.checkedValue,
    own?.uncheckedValue,
  ];
  if (!configured.some((v) => typeof v === 'string')) return CELL_DEFAULT;
  const p = checkboxProps.read(props);
  return [p.checkedValue, p.uncheckedValue];
}

/** Equal as stored values: the same value, or the same text (`1` and `'1'`). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  const text = asText(a);
  return text !== '' && text === asText(b);
}

/** Which of the pair a value is: the checked value (or `true`) is on, the unchecked (or `false`) off. */
export function cellState(
  value: unknown,
  [on, off]: readonly [unknown, unknown],
): 'on' | 'off' | null {
  if (same(value, on)) return 'on';
  if (same(value, off)) return 'off';
  if (value === true) return 'on';
  if (value === false) return 'off';
  return null;
}
