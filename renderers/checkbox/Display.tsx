import type { DisplayProps } from '../../registry/types';
import { customValueOf } from '../shared/cell';
import { asText } from '../shared/values';
import { stateOf } from '../shared/yes-no';
import { checkboxProps } from '../../src/contracts/catalogue/entries/checkbox';
import { cellState } from './values';

/** The grid's mark of a checked cell. */
export const CHECK_MARK = '✓';

/**
 * 是 / 否 (or the configured texts); nothing for an empty value. In the grid (a column with
 * `customValue`): ✓ when checked, nothing when not, and any other value as its text.
 */
export function CheckboxDisplay(props: DisplayProps) {
  const custom = customValueOf(props);
  if (custom) {
    const state = cellState(props.value, custom);
    const text = asText(props.value);
    if (state === null) return text === '' ? null : <span>{text}</span>;
    return state === 'on' ? (
      <span role="img" aria-label="已勾选">
        {CHECK_MARK}
      </span>
    ) : null;
  }
  const p = checkboxProps.read(props);
  const state = stateOf(props.value, p.checkedValue, p.uncheckedValue);
  if (state === null) return null;
  return <span>{state === 'on' ? p.labels[0] : p.labels[1]}</span>;
}
