import { describe, expect, it } from 'vitest';
import { formatScheduleTime, nextScheduledTimes } from '../../src/contracts/quartz';

describe('the schedule clock (UTC+8)', () => {
  it('fires 0 0 8 * * ? at 08:00 in Beijing, which is midnight UTC', () => {
    // 08:30 in Beijing: today's 08:00 has passed, so tomorrow's.
    const times = nextScheduledTimes('0 0 8 * * ?', new Date('2026-11-27T00:30:00Z'), 2);
    expect(times.map((t) => t.toISOString())).toEqual([
      '2026-11-28T00:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
    ]);
    expect(formatScheduleTime(times[0]!)).toBe('2026-11-28 08:00:00');
  });

  it('reads the day and the month end on Beijing’s calendar', () => {
    // 2026-02-28 20:00 UTC is already 1 March in Beijing: the next L is the end of March.
    const [last] = nextScheduledTimes('0 0 0 L * ?', new Date('2026-02-28T20:00:00Z'), 1);
    expect(formatScheduleTime(last!)).toBe('2026-03-31 00:00:00');
    expect(last!.toISOString()).toBe('2026-03-30T16:00:00.000Z');
  });

  it('answers no times for an expression that never fires', () => {
    expect(nextScheduledTimes('0 0 0 30 2 ?', new Date('2026-01-01T00:00:00Z'), 5)).toEqual([]);
  });
});
