import { describe, expect, it } from 'vitest';
import {
  buildCron,
  buildPart,
  defaultPart,
  defaultState,
  parseCron,
  parsePart,
  previewExpression,
  setPart,
  type PartKey,
} from '../../renderers/cron/cron-state';

const FULL = { hideSecond: false, hideYear: false };

describe('cron builder state', () => {
  it('reads each mode of each field and writes it back unchanged', () => {
    const cases: Record<PartKey, string[]> = {
      second: ['*', '1-10', '3/5', '0,15,30'],
      minute: ['*', '0-59', '0/5', '7'],
      hour: ['*', '8-18', '3/5', '0,12'],
      day: ['*', '?', '1-15', '3/5', '1,15', '15W', 'L', 'LW', 'L-3'],
      month: ['*', '1-6', '3/5', '1,7'],
      week: ['*', '?', '2-6', '1/2', '1,7', '6L', '2#3'],
      year: ['*', '2020-2030', '2024/2', '2025,2026'],
    };
    for (const [key, texts] of Object.entries(cases) as [PartKey, string[]][]) {
      for (const text of texts)
        expect(buildPart(key, parsePart(key, text)), `${key} ${text}`).toBe(text);
    }
  });

  it('keeps lists the modes cannot show as written (1,L · 2W,16 · L-5W · 1-5,10 · 6#3,2#1)', () => {
    const cases: [PartKey, string][] = [
      ['day', '1,L'],
      ['day', '2W,16'],
      ['day', '1W,15,LW'],
      ['day', 'L-1W,L-1'],
      ['day', 'L-5W'],
      ['second', '1-5,10'],
      ['week', '6#3,2#1'],
      ['week', '6L,2'],
    ];
    for (const [key, text] of cases) {
      expect(parsePart(key, text), `${key} ${text}`).toMatchObject({
        mode: 'custom',
        custom: text,
      });
      expect(buildPart(key, parsePart(key, text))).toBe(text);
    }
    expect(parseCron('0 0 12 1,L * ?', FULL)?.week.mode).toBe('none');
    expect(buildCron(parseCron('0 0 12 1,L * ? 2027', FULL)!, FULL)).toBe('0 0 12 1,L * ? 2027');
    expect(parsePart('week', 'MON,FRI').mode).toBe('specific');
  });

  it('picks the mode in the order of §4 and reads names as numbers', () => {
    expect(parsePart('day', '?').mode).toBe('none');
    expect(parsePart('day', '1-5').mode).toBe('range');
    expect(parsePart('minute', '*/10')).toMatchObject({
      mode: 'loop',
      incrementStart: 0,
      incrementIncrement: 10,
    });
    expect(parsePart('day', 'L-2').mode).toBe('daysBeforeEnd');
    expect(parsePart('week', 'MON,FRI').specific).toEqual([2, 6]);
    expect(parsePart('month', 'JAN-MAR')).toMatchObject({
      mode: 'range',
      rangeStart: 1,
      rangeEnd: 3,
    });
    expect(parsePart('second', 'nonsense').mode).toBe('every');
  });

  it('defaults to start 3 and interval 5, every for all and ? for the week', () => {
    expect(defaultPart('minute')).toMatchObject({
      mode: 'every',
      incrementStart: 3,
      incrementIncrement: 5,
    });
    expect(buildCron(defaultState(), FULL)).toBe('* * * * * ? *');
  });

  it('keeps numbers inside the bounds of §5', () => {
    expect(parsePart('second', '0/99').incrementIncrement).toBe(59);
    expect(parsePart('hour', '30').specific).toEqual([23]);
    expect(buildPart('week', { ...defaultPart('week'), mode: 'nth', nthDay: 9, nthNth: 8 })).toBe(
      '7#5',
    );
    expect(buildPart('day', { ...defaultPart('day'), mode: 'loop', incrementIncrement: 0 })).toBe(
      '3/1',
    );
  });

  it('makes day and week exclude each other', () => {
    const s = defaultState();
    const weekSet = setPart(s, 'week', { ...s.week, mode: 'specific', specific: [2] });
    expect(buildCron(weekSet, FULL)).toBe('* * * ? * 2 *');
    const daySet = setPart(weekSet, 'day', { ...weekSet.day, mode: 'lastDay' });
    expect(buildCron(daySet, FULL)).toBe('* * * L * ? *');
    const bothNone = setPart(daySet, 'day', { ...daySet.day, mode: 'none' });
    expect(buildCron(bothNone, FULL)).toBe('* * * ? * * *');
  });

  it('writes 5 parts without the second and 6 without the year', () => {
    const s = parseCron('0 0/5 * * * ? 2030', FULL)!;
    expect(buildCron(s, { hideSecond: true, hideYear: false })).toBe('0/5 * * * ?');
    expect(buildCron(s, { hideSecond: false, hideYear: true })).toBe('0 0/5 * * * ?');
    expect(parseCron('0/5 * * * ?', { hideSecond: true, hideYear: false })?.minute.mode).toBe(
      'loop',
    );
    expect(parseCron('* *', FULL)).toBeNull();
    expect(buildCron(parseCron('0 0 12 * * ?', FULL)!, FULL)).toBe('0 0 12 * * ?');
    expect(previewExpression('0/5 * * * ?', { hideSecond: true, hideYear: false })).toBe(
      '0 0/5 * * * ?',
    );
  });
});
