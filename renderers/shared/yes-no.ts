import { asText } from './values';

/**
 * Which state a stored value is in: the checked value (or `true`) is on, the unchecked value
 * (or `false`) is off, anything else (empty, unknown) is neither.
 */
export function stateOf(value: unknown, on: string, off: string): 'on' | 'off' | null {
  if (value === true) return 'on';
  if (value === false) return 'off';
  const text = asText(value);
  if (text === on) return 'on';
  if (text === off) return 'off';
  return null;
}
