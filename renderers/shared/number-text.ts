import { asNumber } from './values';

/**
 * The text rule of number cells (widgets.md §5): while typing, the text is a number (optional
 * minus, digits, optional decimal part), empty, or a lone minus; anything else is refused and
 * the previous text stays. On blur the text becomes a number, or null.
 */

/** Digits with an optional leading minus and an optional decimal part (`12.` while typing). */
const NUMBER_TEXT = /^-?\d+(\.\d*)?$/;

/** True for text a number cell accepts while typing. */
export function isNumberText(text: string): boolean {
  return text === '' || text === '-' || NUMBER_TEXT.test(text);
}

/** The text a number cell holds after a keystroke or paste: `next` if accepted, else `previous`. */
export function nextNumberText(previous: string, next: string): string {
  return isNumberText(next) ? next : previous;
}

/** The number of accepted text: null for empty text or a lone minus. */
export function numberOfText(text: string): number | null {
  if (!isNumberText(text) || text === '' || text === '-') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // -0 is 0
}

/** A stored value (number or numeric text) as the text a number cell shows; '' when empty. */
export function textOfNumber(value: unknown): string {
  const n = asNumber(value);
  if (n === null) return '';
  // Never exponent notation (1e21, 1e-7): the text must pass the rule when edited again.
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

export interface NumberLimits {
  readonly min?: number;
  readonly max?: number;
  /** Digits after the decimal point. */
  readonly precision?: number;
}

/** A number brought within min and max and rounded to precision (null stays null). */
export function settleNumber(value: number | null, limits: NumberLimits): number | null {
  if (value === null) return null;
  let n = value;
  if (limits.min !== undefined && n < limits.min) n = limits.min;
  if (limits.max !== undefined && n > limits.max) n = limits.max;
  if (limits.precision !== undefined) n = Number(n.toFixed(limits.precision));
  return n === 0 ? 0 : n;
}
