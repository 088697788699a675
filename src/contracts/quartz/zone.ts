import { nextFireTimes } from './next';

/**
 * The clock schedules are read on: China Standard Time, UTC+8 all year (no daylight saving),
 * for the browser's preview and the server's scheduler alike. `0 0 8 * * ?` fires at 08:00 in
 * Beijing whatever zone the server process or the browser runs in.
 */
export const SCHEDULE_UTC_OFFSET_MINUTES = 480;
const OFFSET_MS = SCHEDULE_UTC_OFFSET_MINUTES * 60_000;

/**
 * The next `count` instants after `from` at which the expression fires on the schedule clock
 * (`nextFireTimes` reads its fields as UTC; a fixed offset shifts wall time and back).
 */
export function nextScheduledTimes(expression: string, from: Date, count: number): Date[] {
  const wall = new Date(from.getTime() + OFFSET_MS);
  return nextFireTimes(expression, wall, count).map((t) => new Date(t.getTime() - OFFSET_MS));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` of an instant on the schedule clock. */
export function formatScheduleTime(instant: Date): string {
  const d = new Date(instant.getTime() + OFFSET_MS);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
