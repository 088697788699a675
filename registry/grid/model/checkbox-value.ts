/** Checkbox cells store one of two custom values (§3 customValue, §4): boolean ↔ [checked, unchecked]. */

export const DEFAULT_CUSTOM_VALUE: readonly [unknown, unknown] = [true, false];

/** The value stored for a tick state. */
export function checkboxValue(
  checked: boolean,
  customValue: readonly [unknown, unknown] = DEFAULT_CUSTOM_VALUE,
): unknown {
  return checked ? customValue[0] : customValue[1];
}

/** Whether a stored value means ticked (the checked value, compared as text: 1 and '1' match). */
export function isChecked(
  value: unknown,
  customValue: readonly [unknown, unknown] = DEFAULT_CUSTOM_VALUE,
): boolean {
  if (value === customValue[0]) return true;
  if (value === undefined || value === null) return false;
  return String(value) === String(customValue[0]);
}
