/**
 * Cell values going into and coming out of spreadsheets, shared by every export and import:
 * dictionary text instead of codes, Excel serial dates as wall-clock text, safe sheet names.
 */

/** Dictionary value → text. */
export type TextMap = ReadonlyMap<string, string>;

/** The text of a stored value: comma lists item by item; unknown items as they are. */
export function textOf(value: unknown, texts: TextMap): string | null {
  if (value === null || value === undefined || value === '') return null;
  const raw = String(value);
  const whole = texts.get(raw);
  if (whole !== undefined) return whole;
  if (!raw.includes(',')) return raw;
  return raw
    .split(',')
    .map((item) => texts.get(item) ?? item)
    .join(',');
}

/** Excel refuses these in sheet names, and names longer than 31 characters. */
export function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
}

/** A cell value: dictionary text, `是`/`否`, numbers as numbers, everything else as text. */
export function cellValue(value: unknown, texts: TextMap | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (texts) return textOf(value, texts);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return value;
  return String(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel serial day number (or a Date read from a sheet) as wall-clock text. */
export function serialText(value: number | Date, withTime: boolean): string {
  const at = value instanceof Date ? value : new Date(Math.round((value - 25569) * 86_400_000));
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  if (!withTime) return day;
  return `${day} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}
