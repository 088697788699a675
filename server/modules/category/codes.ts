/**
 * Hierarchical category codes (jeecg-api.md §4.9): each level adds a segment of a letter and
 * two digits — `A01` … `A99`, `B01` … `Z99` — after the parent's code: `A01`, `A02` at the top,
 * `A01A01` below `A01`. Pure functions; the database write takes a lock and the unique
 * constraint has the last word.
 */

const SEGMENT = /^([A-Z])(\d{2})$/;
const PER_LETTER = 99;
/** Segments a parent can give out: A01 … Z99. */
export const MAX_SIBLINGS = 26 * PER_LETTER;
/** `sys_category.code` is varchar(100). */
export const MAX_CODE_LENGTH = 100;

/** 1 for A01, 99 for A99, 100 for B01 …; null for anything else. */
export function segmentOrdinal(segment: string): number | null {
  const match = SEGMENT.exec(segment);
  if (!match) return null;
  const number = Number(match[2]);
  if (number === 0) return null;
  return (match[1]!.charCodeAt(0) - 65) * PER_LETTER + number;
}

export function segmentOf(ordinal: number): string {
  const letter = String.fromCharCode(65 + Math.floor((ordinal - 1) / PER_LETTER));
  const number = ((ordinal - 1) % PER_LETTER) + 1;
  return `${letter}${String(number).padStart(2, '0')}`;
}

/**
 * The code of a new child: the one after the highest sibling code, or — once Z99 is given
 * out — the first free one. Null when the parent has no free code left.
 */
export function nextChildCode(parentCode: string, siblingCodes: readonly string[]): string | null {
  const taken = new Set<number>();
  for (const code of siblingCodes) {
    if (!code.startsWith(parentCode)) continue;
    const ordinal = segmentOrdinal(code.slice(parentCode.length));
    if (ordinal !== null) taken.add(ordinal);
  }
  const highest = Math.max(0, ...taken);
  if (highest < MAX_SIBLINGS) return parentCode + segmentOf(highest + 1);
  for (let ordinal = 1; ordinal <= MAX_SIBLINGS; ordinal++) {
    if (!taken.has(ordinal)) return parentCode + segmentOf(ordinal);
  }
  return null;
}
