/** nextFireTimes at its edges: strictly after `from`, counts, bounded search, errors. */
import { Cron } from 'croner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextFireTimes } from '../../src/contracts/quartz';

const at = (iso: string): Date => new Date(`${iso}Z`);
const fires = (expression: string, from: string, count: number): string[] =>
  nextFireTimes(expression, at(from), count).map((d) => d.toISOString().slice(0, 19));

describe('nextFireTimes: edges', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers times strictly after from', () => {
    expect(fires('0 0 12 * * ?', '2026-11-22T12:00:00', 1)).toEqual(['2026-11-23T12:00:00']);
    expect(nextFireTimes('0 0 12 * * ?', new Date('2026-11-22T11:59:59.999Z'), 1)).toEqual([
      new Date('2026-11-22T12:00:00Z'),
    ]);
  });

  it('answers [] for a count of 0 or less', () => {
    expect(nextFireTimes('0 0 12 * * ?', at('2026-11-22T00:00:00'), 0)).toEqual([]);
    expect(nextFireTimes('0 0 12 * * ?', at('2026-11-22T00:00:00'), -3)).toEqual([]);
  });

  it('gives up on an expression that never fires after a bounded number of searches', () => {
    const search = vi.spyOn(Cron.prototype, 'nextRun');
    // L-30 of February is before February 1st: croner offers January days, every one refused.
    expect(fires('0 0 12 L-30 2 ?', '2026-11-22T00:00:00', 10)).toEqual([]);
    expect(search.mock.calls.length).toBeLessThanOrEqual(2099 - 2026 + 2);
    search.mockClear();
    expect(fires('0 0 0 31 2,4,6,9,11 ?', '2026-11-22T00:00:00', 10)).toEqual([]);
    expect(search.mock.calls.length).toBe(1);
  });

  it('throws the validation message for an invalid expression', () => {
    expect(() => nextFireTimes('60 * * * * ?', at('2026-11-22T00:00:00'), 5)).toThrow(
      '秒的取值应在 0-59 之间',
    );
    expect(() => nextFireTimes('0 0 12 * *', at('2026-11-22T00:00:00'), 5)).toThrow(
      'cron表达式应为6或7段',
    );
  });
});
