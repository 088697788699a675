/**
 * Dates as text, without a date library: what list cells and read-only views need. The stored
 * formats are widgets.md §9's; values are read leniently (several layouts, ISO text, epoch
 * milliseconds, Date objects) but strictly valid (`2024-02-30` is no date). The pickers, which
 * need dayjs anyway, read values the same way (dates.ts).
 */

export type DateKind = 'date' | 'datetime' | 'time';

/** Stored formats (widgets.md §9). */
export const DATE_FORMATS: Readonly<Record<DateKind, string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
};

/** A moment's fields as they read on the wall clock. */
export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const DAY = '(\\d{4})-(\\d{2})-(\\d{2})';
const TIME_HMS = '(\\d{2}):(\\d{2}):(\\d{2})';
const TIME_HM = '(\\d{2}):(\\d{2})';

/** Layouts accepted on the way in, in order, each with where its fields are. */
interface Layout {
  readonly pattern: RegExp;
  /** Group indexes of year, month, day, hour, minute, second (0: absent). */
  readonly groups: readonly [number, number, number, number, number, number];
}

const layout = (source: string, groups: Layout['groups']): Layout => ({
  pattern: new RegExp(`^${source}$`),
  groups,
});

const DATE_TIME = layout(`${DAY} ${TIME_HMS}`, [1, 2, 3, 4, 5, 6]);
const DATE_HM = layout(`${DAY} ${TIME_HM}`, [1, 2, 3, 4, 5, 0]);
const DATE_ONLY = layout(DAY, [1, 2, 3, 0, 0, 0]);
const SLASH_DATE = layout('(\\d{4})/(\\d{2})/(\\d{2})', [1, 2, 3, 0, 0, 0]);
const SLASH_DATE_TIME = layout(`(\\d{4})/(\\d{2})/(\\d{2}) ${TIME_HMS}`, [1, 2, 3, 4, 5, 6]);
const COMPACT_DATE = layout('(\\d{4})(\\d{2})(\\d{2})', [1, 2, 3, 0, 0, 0]);
const HMS = layout(TIME_HMS, [0, 0, 0, 1, 2, 3]);
const HM = layout(TIME_HM, [0, 0, 0, 1, 2, 0]);

const ACCEPTED: Readonly<Record<DateKind, readonly Layout[]>> = {
  date: [DATE_ONLY, DATE_TIME, DATE_HM, SLASH_DATE, COMPACT_DATE],
  datetime: [DATE_TIME, DATE_HM, DATE_ONLY, SLASH_DATE_TIME],
  time: [HMS, HM, DATE_TIME],
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function valid(p: DateParts, hasDay: boolean): boolean {
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return false;
  if (!hasDay) return true;
  return p.month >= 1 && p.month <= 12 && p.day >= 1 && p.day <= daysIn(p.year, p.month);
}

function fromLayout(text: string, { pattern, groups }: Layout): DateParts | null {
  const match = pattern.exec(text);
  if (!match) return null;
  const at = (i: number) => (i === 0 ? 0 : Number(match[i]));
  const parts: DateParts = {
    year: groups[0] ? at(groups[0]) : 1970,
    month: groups[1] ? at(groups[1]) : 1,
    day: groups[2] ? at(groups[2]) : 1,
    hour: at(groups[3]),
    minute: at(groups[4]),
    second: at(groups[5]),
  };
  return valid(parts, groups[0] !== 0) ? parts : null;
}

function fromDate(date: Date): DateParts | null {
  if (Number.isNaN(date.getTime())) return null;
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/** A value's date and time fields, or null for anything empty or unreadable. */
export function dateParts(value: unknown, kind: DateKind): DateParts | null {
  if (value instanceof Date) return fromDate(value);
  if (typeof value === 'number') {
    return kind !== 'time' && Number.isFinite(value) ? fromDate(new Date(value)) : null;
  }
  // A dayjs (or moment) object, as a picker may hand one over.
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  if (typeof toDate === 'function') return fromDate(toDate.call(value) as Date);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  for (const accepted of ACCEPTED[kind]) {
    const parts = fromLayout(text, accepted);
    if (parts) return parts;
  }
  return ISO.test(text) ? fromDate(new Date(text)) : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Parts in a kind's stored format. */
export function partsText(p: DateParts, kind: DateKind): string {
  const day = `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}`;
  const time = `${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
  if (kind === 'date') return day;
  return kind === 'time' ? time : `${day} ${time}`;
}

/** A stored value in the type's format ('' when empty or unreadable). */
export function formatDate(value: unknown, kind: DateKind): string {
  const parts = dateParts(value, kind);
  return parts ? partsText(parts, kind) : '';
}
