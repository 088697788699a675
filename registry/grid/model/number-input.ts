/**
 * Number cells (§5): while typing only a number (optional minus, optional decimal part), empty
 * text or a lone minus is accepted; anything else keeps the previous text. On blur the text
 * becomes a number, or null when it holds none.
 */

/** Text a number box may hold while typing ('12.' is allowed: the user is typing '12.5'). */
const TYPING = /^-?(\d+(\.\d*)?)?$/;

export function isNumberText(text: string): boolean {
  return TYPING.test(text);
}

/** The text to keep after a keystroke: the new text when acceptable, else the previous one. */
export function acceptNumberText(next: string, previous: string): string {
  return isNumberText(next) ? next : previous;
}

/** The value on blur: a number, or null for '', '-' and anything not numeric. */
export function numberOnBlur(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-' || !isNumberText(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
