/**
 * Whether a character takes two columns: CJK ideographs and syllables, kana, Hangul, full-width
 * forms and CJK punctuation (East Asian Wide / Fullwidth). Everything else counts 1.
 */
export function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf && codePoint !== 0x303f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1f64f) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  );
}

function unitsOf(char: string): number {
  return isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
}

/** Width of text in character units: wide characters count 2 (widgets.md §9). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += unitsOf(char);
  return width;
}

/** The mark a cut text ends with. */
export const ELLIPSIS_MARK = '...';

/**
 * The text cut to `units` width units (wide characters count 2) with '...' after it, or
 * unchanged when it fits (or `units` ≤ 0: never cut). A wide character that would straddle the
 * limit is left out.
 */
export function ellipsisText(text: string, units: number): string {
  if (units <= 0 || textWidth(text) <= units) return text;
  let width = 0;
  let out = '';
  for (const char of text) {
    width += unitsOf(char);
    if (width > units) break;
    out += char;
  }
  return `${out}${ELLIPSIS_MARK}`;
}

/** The older name of `ellipsisText`. */
export const cutText = ellipsisText;

/** Default shortening of long text in cells: 25 width units (widgets.md §9). */
export const ELLIPSIS_LENGTH = 25;
/** In the pickers' own tables: 12 (users' pickers keep 25). */
export const PICKER_ELLIPSIS_LENGTH = 12;
