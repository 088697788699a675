/** Width of text in character units: wide (non-ASCII) characters count 2 (widgets.md §9). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) < 128 ? 1 : 2;
  return width;
}

/** The text cut to `length` width units with '...', or unchanged when it fits (or length ≤ 0). */
export function cutText(text: string, length: number): string {
  if (length <= 0 || textWidth(text) <= length) return text;
  let width = 0;
  let out = '';
  for (const char of text) {
    width += (char.codePointAt(0) ?? 0) < 128 ? 1 : 2;
    if (width > length) break;
    out += char;
  }
  return `${out}...`;
}

/** Default shortening of long text in cells: 25 width units (widgets.md §9). */
export const ELLIPSIS_LENGTH = 25;
