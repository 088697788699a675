import { describe, expect, it } from 'vitest';
import { formatDate } from '../../renderers/shared/date-text';

describe('dates as text (no date library)', () => {
  it.each([
    ['2024-02-29', 'date', '2024-02-29'],
    ['2023-02-29', 'date', ''],
    ['2024-02-30', 'date', ''],
    ['2024-13-01', 'date', ''],
    ['2024/03/05', 'date', '2024-03-05'],
    ['20240305', 'date', '2024-03-05'],
    ['2024-03-05 10:20:30', 'date', '2024-03-05'],
    ['2024-03-05 10:20', 'datetime', '2024-03-05 10:20:00'],
    ['2024-03-05', 'datetime', '2024-03-05 00:00:00'],
    ['2024/03/05 23:59:59', 'datetime', '2024-03-05 23:59:59'],
    ['2024-03-05 24:00:00', 'datetime', ''],
    ['09:05', 'time', '09:05:00'],
    ['09:05:07', 'time', '09:05:07'],
    ['2024-03-05 09:05:07', 'time', '09:05:07'],
    ['9:5', 'time', ''],
    ['  2024-03-05  ', 'date', '2024-03-05'],
    ['', 'date', ''],
    ['not a date', 'datetime', ''],
  ] as const)('%j as %s reads %j', (value, kind, text) => {
    expect(formatDate(value, kind)).toBe(text);
  });

  it('reads Date objects, epoch milliseconds and ISO text in local time', () => {
    const moment = new Date(2024, 2, 5, 8, 9, 10);
    expect(formatDate(moment, 'datetime')).toBe('2024-03-05 08:09:10');
    expect(formatDate(moment.getTime(), 'date')).toBe('2024-03-05');
    expect(formatDate(moment.toISOString(), 'datetime')).toBe('2024-03-05 08:09:10');
    expect(formatDate(moment.getTime(), 'time')).toBe('');
    expect(formatDate(new Date('x'), 'date')).toBe('');
  });
});
