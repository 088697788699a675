/**
 * When a Quartz expression fires (widgets.md §2.4 preview, §9: ten times), in UTC, with croner
 * doing the calendar search on the pattern parseQuartz prepared.
 */
import { Cron, type CronOptions } from 'croner';
import { parseQuartz } from './parse';

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
 * The next `count` fire times strictly after `from`, in UTC; `[]` when it never fires again
 * (the search ends with the year 2099). Throws an Error with validateCron's message when the
 * expression is invalid.
 */
export function nextFireTimes(expression: string, from: Date, count: number): Date[] {
  const read = parseQuartz(expression);
  if (!read.ok) throw new Error(read.message);
  if (!(count > 0) || Number.isNaN(from.getTime())) return [];
  const n = read.lastDayOffset;
  // croner has no `L-n`: run `L` and shift each time n days back (its dayOffset).
  const cron = new Cron(read.pattern, { ...CRONER_OPTIONS, dayOffset: -n });
  const times: Date[] = [];
  let cursor = from;
  for (let skipped = 0; times.length < count && skipped <= SKIP_GUARD;) {
    const next = cron.nextRun(cursor);
    if (!next) break;
    cursor = next;
    // Quartz never fires `L-n` outside the month whose last day it counts from (Feb and L-29).
    if (n === 0 || new Date(next.getTime() + n * DAY_MS).getUTCMonth() === next.getUTCMonth()) {
      times.push(next);
    } else skipped += 1;
  }
  return times;
}
