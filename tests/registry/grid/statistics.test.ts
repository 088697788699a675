import { describe, expect, it } from 'vitest';
import { columnStatistics } from '../../../registry/grid/model/statistics';

const rows = (values: unknown[]) => values.map((v, i) => ({ id: String(i), v }));

describe('statistics (§5)', () => {
  it('sums whole numbers and numeric text', () => {
    expect(columnStatistics(rows([1, '2', 3]), 'v')).toEqual({ sum: '6', average: '2' });
  });

  it('adds decimals without float artefacts', () => {
    expect(columnStatistics(rows([0.1, 0.2]), 'v').sum).toBe('0.3');
    expect(columnStatistics(rows(['1.10', '2.205']), 'v').sum).toBe('3.305');
    expect(columnStatistics(rows([-1.5, 0.5]), 'v').sum).toBe('-1');
  });

  it('averages to at least two decimals', () => {
    expect(columnStatistics(rows([1, 2, 2]), 'v').average).toBe('1.67');
  });

  it('leaves empty cells out', () => {
    expect(columnStatistics(rows([4, '', null, undefined, 2]), 'v')).toEqual({
      sum: '6',
      average: '3',
    });
  });

  it("shows '-' when a value is not a number", () => {
    expect(columnStatistics(rows([1, 'abc']), 'v')).toEqual({ sum: '-', average: '-' });
    expect(columnStatistics(rows([1, { n: 1 }]), 'v')).toEqual({ sum: '-', average: '-' });
  });

  it('an empty column sums to 0 and has no average', () => {
    expect(columnStatistics([], 'v')).toEqual({ sum: '0', average: '-' });
  });
});
