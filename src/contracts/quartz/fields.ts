/**
 * The fields of a Quartz cron expression (widgets.md §2.4, §4, §5): their names, bounds and the
 * builder's mode of a field string. Pure; shared by the cron builder and the server.
 */

/** One Quartz expression cut into its fields; `year` is absent in a six-field expression. */
export interface CronParts {
  readonly second: string;
  readonly minute: string;
  readonly hour: string;
  readonly day: string;
  readonly month: string;
  readonly week: string;
  readonly year?: string;
}

/** The field keys in expression order. */
export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;

export type CronField = (typeof CRON_FIELDS)[number];

export interface FieldSpec {
  /** The Chinese name used in messages. */
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** Month and weekday names (upper case) to their Quartz numbers. */
  readonly names?: Readonly<Record<string, number>>;
  /** Where a wrapped range (`22-2`, `FRI-MON`) continues after `max`; absent: not allowed. */
  readonly wrap?: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const numbered = (names: readonly string[]): Record<string, number> =>
  Object.fromEntries(names.map((name, i) => [name, i + 1]));

/** Bounds per field (brief of issue 15: week 1-7 with 1 = Sunday, year 1970-2099). */
export const FIELD_SPECS: Readonly<Record<CronField, FieldSpec>> = {
  second: { label: '秒', min: 0, max: 59, wrap: true },
  minute: { label: '分', min: 0, max: 59, wrap: true },
  hour: { label: '时', min: 0, max: 23, wrap: true },
  day: { label: '日', min: 1, max: 31, wrap: true },
  month: { label: '月', min: 1, max: 12, names: numbered(MONTHS), wrap: true },
  week: { label: '周', min: 1, max: 7, names: numbered(WEEKDAYS), wrap: true },
  year: { label: '年', min: 1970, max: 2099 },
};

/** Cuts an expression at whitespace; null unless it has 6 or 7 fields. */
export function splitCron(expression: string): CronParts | null {
  const p = expression.trim().split(/\s+/);
  if (p.length !== 6 && p.length !== 7) return null;
  const [second, minute, hour, day, month, week, year] = p as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  const six = { second, minute, hour, day, month, week };
  return year === undefined ? six : { ...six, year };
}

/** Joins fields with single spaces; an absent or blank year gives six fields. */
export function joinCron(parts: CronParts): string {
  const six = [parts.second, parts.minute, parts.hour, parts.day, parts.month, parts.week];
  const year = parts.year?.trim();
  return (year ? [...six, year] : six).join(' ');
}

/** The builder's mode of a field (widgets.md §4). */
export type CronFieldMode = 'none' | 'every' | 'range' | 'loop' | 'workday' | 'last' | 'specified';

/**
 * The builder's mode of one field string, by the characters in the order of widgets.md §4:
 * `?`, then `-`, `/`, `W`, `L`, then a comma or a plain number; anything else is 'every'.
 * A month or weekday name (`JAN,JUL`, `WED`) counts as a plain number.
 * (So `L-3` reads as 'range' and `6#3` as 'every': the day and week tabs look closer themselves.)
 */
export function fieldMode(part: string): CronFieldMode {
  const p = part.trim().toUpperCase();
  if (p.includes('?')) return 'none';
  if (p.includes('-')) return 'range';
  if (p.includes('/')) return 'loop';
  if (/^(\d+|[A-Z]{3})(,(\d+|[A-Z]{3}))*$/.test(p)) return 'specified';
  if (p.includes('W')) return 'workday';
  if (p.includes('L')) return 'last';
  if (p.includes(',') || /^\d+$/.test(p)) return 'specified';
  return 'every';
}
