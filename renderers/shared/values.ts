/** Value helpers shared by the widgets: incoming values of any shape never crash a widget. */

/** True for the values that mean "nothing": undefined, null and ''. */
export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** A scalar as text ('' for anything else: objects, arrays, NaN). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}

/** The stored value of a single choice as an option value, or undefined when empty or odd. */
export function asChoice(value: unknown): string | undefined {
  const text = asText(value);
  return text === '' ? undefined : text;
}

/** A list value (`'a,b'` with the separator, or an array) as its items, blanks dropped. */
export function splitList(value: unknown, separator: string): string[] {
  const items = Array.isArray(value) ? value.map(asText) : asText(value).split(separator || ',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** Items joined back into the stored string ('' for none). */
export function joinList(items: readonly string[], separator: string): string {
  return items.join(separator || ',');
}

/** A number from a number or numeric text, else null. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
