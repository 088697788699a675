/**
 * When a Quartz expression fires (widgets.md §2.4 preview, §9: ten times), in UTC, with croner
 * doing the calendar search on each pattern parseQuartz prepared.
 */
import { Cron, type CronOptions } from 'croner';
import { parseQuartz, type QuartzCalendar } from './parse';

/** croner in Quartz's reading (1 = Sunday, `0/5` allowed); deps.md §8. */
const CRONER_OPTIONS: CronOptions = {
  mode: '6-or-7-parts',
  alternativeWeekdays: true,
  sloppyRanges: true,
  timezone: 'UTC',
  paused: true,
};

/** Months croner may offer that `L-n` must skip: 130 years of them, at most. */
const SKIP_GUARD = 130 * 12;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `{ valid: true }`, or the first problem of the expression in Chinese naming the field. */
export function validateCron(expression: string): { valid: boolean; message?: string } {
  const read = parseQuartz(expression);
  return read.ok ? { valid: true } : { valid: false, message: read.message };
}

/**
 * Quartz's `L-nW`: the weekday nearest to the day found, never leaving its month (a Saturday
 * 1st moves on to Monday the 3rd; a Sunday last day back to Friday).
 */
function nearestWeekdayOf(day: Date): Date {
  const weekday = day.getUTCDay();
  const date = day.getUTCDate();
  const monthEnd = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
  let shift = 0;
  if (weekday === 6) shift = date === 1 ? 2 : -1;
  else if (weekday === 0) shift = date === monthEnd ? -2 : 1;
  return new Date(day.getTime() + shift * DAY_MS);
}

/** The fire times of one calendar, strictly after `from`, in order, until `count` or 2099. */
function calendarTimes(calendar: QuartzCalendar, from: Date, count: number): Date[] {
  const n = calendar.lastDayOffset;
  // croner has no `L-n`: run `L` and shift each time n days back (its dayOffset).
  const cron = new Cron(calendar.pattern, { ...CRONER_OPTIONS, dayOffset: -n });
  // `L-nW` moves a find by up to two days either way: start the search two days early.
  let cursor = calendar.nearestWeekday ? new Date(from.getTime() - 3 * DAY_MS) : from;
  const times: Date[] = [];
  for (let skipped = 0; times.length < count && skipped <= SKIP_GUARD;) {
    const next = cron.nextRun(cursor);
    if (!next) break;
    cursor = next;
    // Quartz never fires `L-n` outside the month whose last day it counts from (Feb and L-29).
    if (n !== 0 && new Date(next.getTime() + n * DAY_MS).getUTCMonth() !== next.getUTCMonth()) {
      skipped += 1;
      continue;
    }
    const time = calendar.nearestWeekday ? nearestWeekdayOf(next) : next;
    if (time.getTime() > from.getTime()) times.push(time);
  }
  return times;
}

/**
 * The next `count` fire times strictly after `from`, in UTC; `[]` when it never fires again
 * (the search ends with the year 2099). Throws an Error with validateCron's message when the
 * expression is invalid. A list of calendar words fires at the union of its entries' times.
 */
export function nextFireTimes(expression: string, from: Date, count: number): Date[] {
  const read = parseQuartz(expression);
  if (!read.ok) throw new Error(read.message);
  if (!(count > 0) || Number.isNaN(from.getTime())) return [];
  const union = new Map<number, Date>();
  for (const calendar of read.calendars) {
    for (const time of calendarTimes(calendar, from, count)) union.set(time.getTime(), time);
  }
  return [...union.values()].sort((a, b) => a.getTime() - b.getTime()).slice(0, count);
}
