import { splitList } from '../values';

/**
 * The picker values: ids (or codes) joined by commas. Read leniently (blanks, spaces and a
 * trailing comma, as the announcement's stored list has, are dropped; repeats kept once).
 */
export function idsOf(value: unknown): string[] {
  return [...new Set(splitList(value, ','))];
}

/** The stored value of picked ids ('' for none). */
export function valueOfIds(ids: readonly string[]): string {
  return ids.join(',');
}

/** One picked row as the dialog's selected list shows it. */
export interface Picked {
  readonly id: string;
  /** What the user reads (a person's real name). */
  readonly text: string;
}
