import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMATS, dateParts, partsText, type DateKind } from './date-text';

export { DATE_FORMATS, formatDate, type DateKind } from './date-text';

/**
 * A stored value as a valid dayjs for the pickers, or null for anything empty or unreadable.
 * Values are read as date-text.ts reads them (the read-only views, which load no dayjs).
 */
export function parseDate(value: unknown, kind: DateKind): Dayjs | null {
  const parts = dateParts(value, kind);
  if (!parts) return null;
  const parsed = dayjs(partsText(parts, 'datetime'), DATE_FORMATS.datetime);
  return parsed.isValid() ? parsed : null;
}
