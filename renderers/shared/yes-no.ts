import { asText } from './values';

/** Default read-only texts of a two-state value (checked, unchecked). */
export const YES_NO: readonly [string, string] = ['是', '否'];

/** Schema of a [checked, unchecked] pair of texts. */
export const pairSchema = {
  type: 'array',
  items: { type: 'string', maxLength: 50 },
  minItems: 2,
  maxItems: 2,
} as const;

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
