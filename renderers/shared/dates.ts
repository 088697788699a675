import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

export type DateKind = 'date' | 'datetime' | 'time';

/** Stored formats (widgets.md §9). */
export const DATE_FORMATS: Readonly<Record<DateKind, string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
};

/** Formats accepted on the way in, strictly (no rolled-over days such as 02-30). */
const ACCEPTED: Readonly<Record<DateKind, readonly string[]>> = {
  date: ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY/MM/DD', 'YYYYMMDD'],
  datetime: ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD', 'YYYY/MM/DD HH:mm:ss'],
  time: ['HH:mm:ss', 'HH:mm', 'YYYY-MM-DD HH:mm:ss'],
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A stored value as a valid dayjs, or null for anything empty or unreadable. */
export function parseDate(value: unknown, kind: DateKind): Dayjs | null {
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dayjs(value);
  if (typeof value === 'number') {
    return kind !== 'time' && Number.isFinite(value) ? dayjs(value) : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  for (const format of ACCEPTED[kind]) {
    const parsed = dayjs(text, format, true);
    if (parsed.isValid()) return parsed;
  }
  if (ISO.test(text)) {
    const parsed = dayjs(text);
    if (parsed.isValid()) return parsed;
  }
  return null;
}

/** A stored value in the type's format ('' when empty or unreadable). */
export function formatDate(value: unknown, kind: DateKind): string {
  return parseDate(value, kind)?.format(DATE_FORMATS[kind]) ?? '';
}
