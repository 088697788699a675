import { sql } from 'kysely';
import { LOG_TYPE_LOGIN, type LoginEvent } from '../../../src/contracts/system-log';
import type { Db } from '../../db/index';
import { formatDate, wallTimeToEpoch } from '../../http/time';

/**
 * Visit statistics from the login log (`sys_log`, log_type 1, jeecg-api.md §4.2): a visit is a
 * successful login (`event = 'login'`); refused sign-ins, logouts and the like are not. Days
 * are calendar days in APP_TIMEZONE: their bounds are computed here (daylight-saving aware)
 * and compared with `create_time`, so the database needs no zone data.
 */

export const LOGIN_LOG = LOG_TYPE_LOGIN;
const VISIT_EVENT: LoginEvent = 'login';
export const VISIT_DAYS = 7;

export interface LoginInfo {
  readonly totalVisitCount: number;
  readonly todayVisitCount: number;
  /** Distinct client addresses that logged in today. */
  readonly todayIp: number;
}

export interface VisitDay {
  readonly visit: number;
  readonly ip: number;
  /** `yyyy-MM-dd` */
  readonly tian: string;
  /** `MM-dd` */
  readonly type: string;
}

interface Day {
  readonly date: string;
  readonly start: Date;
  readonly end: Date;
}

/** The calendar day `offset` days after `date` (`yyyy-MM-dd`), as `yyyy-MM-dd`. */
function dayAfter(date: string, offset: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Only calendar arithmetic is taken from Date.UTC (it rolls over month and year ends).
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** The instant the calendar day (`yyyy-MM-dd`) starts in the zone. */
function midnight(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(wallTimeToEpoch([y, m, d, 0, 0, 0], timeZone));
}

/** The last `count` calendar days up to and including today, oldest first. */
export function lastDays(now: Date, count: number, timeZone: string): Day[] {
  const today = formatDate(now, timeZone);
  return Array.from({ length: count }, (_, i) => {
    const date = dayAfter(today, i - (count - 1));
    return { date, start: midnight(date, timeZone), end: midnight(dayAfter(date, 1), timeZone) };
  });
}

interface Counts {
  visit: number;
  ip: number;
}

async function countBetween(db: Db, start: Date | null, end: Date | null): Promise<Counts> {
  const from = start ? sql`and create_time >= ${start.toISOString()}::timestamptz` : sql``;
  const to = end ? sql`and create_time < ${end.toISOString()}::timestamptz` : sql``;
  const { rows } = await sql<Counts>`select count(*)::int as visit,
      count(distinct ip)::int as ip
    from sys_log where log_type = ${LOGIN_LOG} and event = ${VISIT_EVENT} ${from} ${to}`.execute(
    db.withoutPlugins(),
  );
  return rows[0] ?? { visit: 0, ip: 0 };
}

export async function loginInfo(db: Db, timeZone: string, now = new Date()): Promise<LoginInfo> {
  const [today] = lastDays(now, 1, timeZone);
  const total = await countBetween(db, null, null);
  const todays = await countBetween(db, today!.start, today!.end);
  return { totalVisitCount: total.visit, todayVisitCount: todays.visit, todayIp: todays.ip };
}

/** One entry per day of the last week, today last; days without logins count 0. */
export async function visitInfo(db: Db, timeZone: string, now = new Date()): Promise<VisitDay[]> {
  const days = lastDays(now, VISIT_DAYS, timeZone);
  const ranges = sql.join(
    days.map(
      (d, i) =>
        sql`(${i}::int, ${d.start.toISOString()}::timestamptz, ${d.end.toISOString()}::timestamptz)`,
    ),
  );
  const { rows } = await sql<{ i: number } & Counts>`
    select d.i, count(l.id)::int as visit, count(distinct l.ip)::int as ip
    from (values ${ranges}) as d(i, day_start, day_end)
    left join sys_log l on l.log_type = ${LOGIN_LOG} and l.event = ${VISIT_EVENT}
      and l.create_time >= d.day_start and l.create_time < d.day_end
    group by d.i`.execute(db.withoutPlugins());
  const counts = new Map(rows.map((r) => [r.i, r]));
  return days.map((d, i) => ({
    visit: counts.get(i)?.visit ?? 0,
    ip: counts.get(i)?.ip ?? 0,
    tian: d.date,
    type: d.date.slice(5),
  }));
}
