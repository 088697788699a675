/**
 * Quartz conformance table (widgets.md §2.4, deps.md §8): expected fire times are written from
 * Quartz's documented semantics and a calendar, all UTC; 1 = Sunday … 7 = Saturday.
 */
import { describe, expect, it } from 'vitest';
import { nextFireTimes } from '../../src/contracts/quartz';

const at = (iso: string): Date => new Date(`${iso}Z`);
const fires = (expression: string, from: string, count: number): string[] =>
  nextFireTimes(expression, at(from), count).map((d) => d.toISOString().slice(0, 19));

interface Row {
  readonly expression: string;
  readonly from: string;
  readonly count: number;
  readonly expected: readonly string[];
  readonly why: string;
}

const noon = (...days: string[]): string[] => days.map((d) => `${d}T12:00:00`);
const at1015 = (...days: string[]): string[] => days.map((d) => `${d}T10:15:00`);

const TABLE: readonly Row[] = [
  {
    why: 'every five minutes, starting at minute 0',
    expression: '0 0/5 * * * ?',
    from: '2026-11-22T10:02:30',
    count: 10,
    expected: ['05', '10', '15', '20', '25', '30', '35', '40', '45', '50'].map(
      (m) => `2026-11-22T10:${m}:00`,
    ),
  },
  {
    why: '*/5 is the same as 0/5',
    expression: '0 */5 * * * ?',
    from: '2026-11-22T10:52:00',
    count: 3,
    expected: ['2026-11-22T10:55:00', '2026-11-22T11:00:00', '2026-11-22T11:05:00'],
  },
  {
    why: 'a step from 7 runs 7, 27, 47',
    expression: '0 7/20 * * * ?',
    from: '2026-11-22T10:00:00',
    count: 4,
    expected: ['10:07', '10:27', '10:47', '11:07'].map((t) => `2026-11-22T${t}:00`),
  },
  {
    why: 'a range with a step in seconds',
    expression: '10-40/10 * * * * ?',
    from: '2026-11-22T00:00:00',
    count: 5,
    expected: ['00:00:10', '00:00:20', '00:00:30', '00:00:40', '00:01:10'].map(
      (t) => `2026-11-22T${t}`,
    ),
  },
  {
    why: '6#3 is the third Friday (6 = FRI)',
    expression: '0 15 10 ? * 6#3',
    from: '2026-11-22T00:00:00',
    count: 3,
    expected: at1015('2026-12-18', '2027-01-15', '2027-02-19'),
  },
  {
    why: 'names in any case: fri#3',
    expression: '0 15 10 ? * fri#3',
    from: '2026-11-22T00:00:00',
    count: 1,
    expected: at1015('2026-12-18'),
  },
  {
    why: '2#5 is the fifth Monday, skipping months with four',
    expression: '0 0 12 ? * 2#5',
    from: '2026-11-22T00:00:00',
    count: 3,
    expected: noon('2026-11-30', '2027-03-29', '2027-05-31'),
  },
  {
    why: '6L is the last Friday',
    expression: '0 15 10 ? * 6L',
    from: '2026-11-22T00:00:00',
    count: 3,
    expected: at1015('2026-11-27', '2026-12-25', '2027-01-29'),
  },
  {
    why: 'FRIL is 6L',
    expression: '0 15 10 ? * FRIL',
    from: '2026-11-22T00:00:00',
    count: 1,
    expected: at1015('2026-11-27'),
  },
  {
    why: 'L alone in day-of-week is Saturday (7)',
    expression: '0 0 12 ? * L',
    from: '2026-11-22T00:00:00',
    count: 2,
    expected: noon('2026-11-28', '2026-12-05'),
  },
  {
    why: 'LW: last weekday; Jan 31 2027 is a Sunday, Feb 28 2027 a Sunday',
    expression: '0 0 12 LW * ?',
    from: '2026-11-22T00:00:00',
    count: 4,
    expected: noon('2026-11-30', '2026-12-31', '2027-01-29', '2027-02-26'),
  },
  {
    why: '15W: Sat May 15 2027 → Fri 14th, Sun Aug 15 → Mon 16th',
    expression: '0 0 12 15W * ?',
    from: '2027-04-20T00:00:00',
    count: 4,
    expected: noon('2027-05-14', '2027-06-15', '2027-07-15', '2027-08-16'),
  },
  {
    why: '1W never crosses months: Sat May 1 2027 → Mon 3rd, Sun Aug 1 → Mon 2nd',
    expression: '0 0 12 1W * ?',
    from: '2027-04-20T00:00:00',
    count: 4,
    expected: noon('2027-05-03', '2027-06-01', '2027-07-01', '2027-08-02'),
  },
  {
    why: '1W on Sat Jan 1 2028 → Mon Jan 3, not Fri Dec 31',
    expression: '0 0 12 1W * ?',
    from: '2027-12-15T00:00:00',
    count: 1,
    expected: noon('2028-01-03'),
  },
  {
    why: 'L-3: three days before the month end',
    expression: '0 0 12 L-3 * ?',
    from: '2026-11-22T00:00:00',
    count: 5,
    expected: noon('2026-11-27', '2026-12-28', '2027-01-28', '2027-02-25', '2027-03-28'),
  },
  {
    why: 'L-3 in February counts from the 29th in a leap year',
    expression: '0 0 12 L-3 2 ?',
    from: '2027-03-01T00:00:00',
    count: 2,
    expected: noon('2028-02-26', '2029-02-25'),
  },
  {
    why: 'L-30 fires only in 31-day months (Quartz skips a day before the 1st)',
    expression: '0 0 12 L-30 * ?',
    from: '2027-01-15T00:00:00',
    count: 4,
    expected: noon('2027-03-01', '2027-05-01', '2027-07-01', '2027-08-01'),
  },
  {
    why: 'L in a leap February is the 29th',
    expression: '0 15 10 L * ?',
    from: '2028-02-01T00:00:00',
    count: 2,
    expected: at1015('2028-02-29', '2028-03-31'),
  },
  {
    why: 'L in a common February is the 28th',
    expression: '0 15 10 L * ?',
    from: '2027-02-01T00:00:00',
    count: 2,
    expected: at1015('2027-02-28', '2027-03-31'),
  },
  {
    why: 'the 31st only in months that have one',
    expression: '0 0 0 31 * ?',
    from: '2026-11-22T00:00:00',
    count: 4,
    expected: ['2026-12-31', '2027-01-31', '2027-03-31', '2027-05-31'].map((d) => `${d}T00:00:00`),
  },
  {
    why: 'February 29th only in leap years',
    expression: '0 0 12 29 2 ?',
    from: '2026-11-22T00:00:00',
    count: 3,
    expected: noon('2028-02-29', '2032-02-29', '2036-02-29'),
  },
  {
    why: 'MON-FRI after Friday noon',
    expression: '0 0 12 ? * MON-FRI',
    from: '2026-11-27T13:00:00',
    count: 6,
    expected: noon(
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ),
  },
  {
    why: 'a wrapped weekday range FRI-MON',
    expression: '0 0 12 ? * FRI-MON',
    from: '2026-11-25T00:00:00',
    count: 5,
    expected: noon('2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-04'),
  },
  {
    why: 'a wrapped hour range 22-2',
    expression: '0 0 22-2 * * ?',
    from: '2026-11-22T21:00:00',
    count: 6,
    expected: [
      '2026-11-22T22:00:00',
      '2026-11-22T23:00:00',
      '2026-11-23T00:00:00',
      '2026-11-23T01:00:00',
      '2026-11-23T02:00:00',
      '2026-11-23T22:00:00',
    ],
  },
  {
    why: 'Sundays of January and July (1 = SUN)',
    expression: '0 0 12 ? JAN,JUL SUN',
    from: '2026-11-22T00:00:00',
    count: 6,
    expected: noon(
      '2027-01-03',
      '2027-01-10',
      '2027-01-17',
      '2027-01-24',
      '2027-01-31',
      '2027-07-04',
    ),
  },
  {
    why: 'names in lower case',
    expression: '0 0 12 ? jan,jul sun',
    from: '2026-11-22T00:00:00',
    count: 1,
    expected: noon('2027-01-03'),
  },
  {
    why: 'the year field: every 5 minutes at 14 and 18 o’clock in 2027',
    expression: '0 0/5 14,18 * * ? 2027',
    from: '2026-11-22T00:00:00',
    count: 13,
    expected: [
      ...Array.from({ length: 12 }, (_, i) => `2027-01-01T14:${String(i * 5).padStart(2, '0')}:00`),
      '2027-01-01T18:00:00',
    ],
  },
  {
    why: 'the year field ends the series',
    expression: '0 0/5 14,18 * * ? 2027',
    from: '2027-12-31T18:50:00',
    count: 5,
    expected: ['2027-12-31T18:55:00'],
  },
  {
    why: 'a year range',
    expression: '0 0 0 1 1 ? 2027-2030',
    from: '2026-11-22T00:00:00',
    count: 10,
    expected: ['2027', '2028', '2029', '2030'].map((y) => `${y}-01-01T00:00:00`),
  },
  {
    why: 'a year list',
    expression: '0 0 0 1 1 ? 2028,2035',
    from: '2026-11-22T00:00:00',
    count: 10,
    expected: ['2028-01-01T00:00:00', '2035-01-01T00:00:00'],
  },
  {
    why: 'a year step starts at 1970: */3 is 2027, 2030, 2033',
    expression: '0 0 0 1 1 ? */3',
    from: '2026-11-22T00:00:00',
    count: 3,
    expected: ['2027', '2030', '2033'].map((y) => `${y}-01-01T00:00:00`),
  },
  {
    why: 'February 30th never comes',
    expression: '0 0 0 30 2 ?',
    from: '2026-11-22T00:00:00',
    count: 10,
    expected: [],
  },
  {
    why: 'a year in the past',
    expression: '0 0 0 1 1 ? 2020',
    from: '2026-11-22T00:00:00',
    count: 10,
    expected: [],
  },
  {
    why: 'February 2027 has no fifth Monday',
    expression: '0 0 0 ? 2 2#5 2027',
    from: '2026-11-22T00:00:00',
    count: 10,
    expected: [],
  },
  // Lists that mix calendar words with other entries fire at the union of each entry read alone
  // (Spring's CronExpression and cron-utils); L-nW is the weekday nearest to L-n, as in Quartz.
  {
    why: '1,L: the first and the last day of each month',
    expression: '0 0 12 1,L * ?',
    from: '2027-01-15T00:00:00',
    count: 5,
    expected: noon('2027-01-31', '2027-02-01', '2027-02-28', '2027-03-01', '2027-03-31'),
  },
  {
    why: '2W,16: Sat Jan 2 2027 moves to Fri 1st; the 16th fires even on a Saturday',
    expression: '0 0 12 2W,16 * ?',
    from: '2027-01-01T00:00:00',
    count: 4,
    expected: noon('2027-01-01', '2027-01-16', '2027-02-02', '2027-02-16'),
  },
  {
    why: '1W,15,LW: LW of Jan 2027 is Fri 29th (31st a Sunday), of Feb Fri 26th',
    expression: '0 0 12 1W,15,LW * ?',
    from: '2027-01-01T00:00:00',
    count: 7,
    expected: noon(
      '2027-01-01',
      '2027-01-15',
      '2027-01-29',
      '2027-02-01',
      '2027-02-15',
      '2027-02-26',
      '2027-03-01',
    ),
  },
  {
    why: 'L-1W,L-1: Sat Jan 30 2027 → Fri 29th beside it; Sun May 30 → Mon 31st',
    expression: '0 0 12 L-1W,L-1 * ?',
    from: '2027-01-01T00:00:00',
    count: 8,
    expected: noon(
      '2027-01-29',
      '2027-01-30',
      '2027-02-26',
      '2027-02-27',
      '2027-03-30',
      '2027-04-29',
      '2027-05-30',
      '2027-05-31',
    ),
  },
  {
    why: 'L-5W: Fri Mar 26 2027 stays; Sun Apr 25 → Mon 26th',
    expression: '0 0 12 L-5W * ?',
    from: '2027-01-01T00:00:00',
    count: 6,
    expected: noon(
      '2027-01-26',
      '2027-02-23',
      '2027-03-26',
      '2027-04-26',
      '2027-05-26',
      '2027-06-25',
    ),
  },
  {
    why: 'L-1W moved back a day: after noon of Fri Jan 29 2027 the next is February',
    expression: '0 0 12 L-1W * ?',
    from: '2027-01-29T13:00:00',
    count: 1,
    expected: noon('2027-02-26'),
  },
  {
    why: 'L-30W on Sat May 1 2027 moves on to Mon 3rd, found from May 2',
    expression: '0 0 12 L-30W * ?',
    from: '2027-05-02T00:00:00',
    count: 2,
    expected: noon('2027-05-03', '2027-07-01'),
  },
  {
    why: '1,1W fires once when both name the same day',
    expression: '0 0 12 1,1W * ?',
    from: '2027-03-15T00:00:00',
    count: 4,
    expected: noon('2027-04-01', '2027-05-01', '2027-05-03', '2027-06-01'),
  },
  {
    why: '6#3,2#1: the third Friday and the first Monday',
    expression: '0 0 12 ? * 6#3,2#1',
    from: '2027-01-01T00:00:00',
    count: 6,
    expected: noon(
      '2027-01-04',
      '2027-01-15',
      '2027-02-01',
      '2027-02-19',
      '2027-03-01',
      '2027-03-19',
    ),
  },
  {
    why: '6L,2: every Monday and the last Friday',
    expression: '0 0 12 ? * 6L,2',
    from: '2027-01-01T00:00:00',
    count: 6,
    expected: noon(
      '2027-01-04',
      '2027-01-11',
      '2027-01-18',
      '2027-01-25',
      '2027-01-29',
      '2027-02-01',
    ),
  },
];

describe('nextFireTimes: Quartz conformance', () => {
  it.each(TABLE)('$expression from $from: $why', ({ expression, from, count, expected }) => {
    expect(fires(expression, from, count)).toEqual(expected);
  });
});
