import { describe, expect, it } from 'vitest';
import { keepEqual } from '../../src/contracts/designer/keep-equal';

describe('keepEqual', () => {
  it('keeps the objects of unchanged parts and gives new ones for changed parts', () => {
    const prev = { fields: [{ name: 'a', list: { width: 80 } }, { name: 'b' }], title: 'x' };
    const next = JSON.parse(JSON.stringify(prev)) as typeof prev;
    next.fields[1]!.name = 'c';
    const kept = keepEqual(prev, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(prev);
    expect(kept.fields).not.toBe(prev.fields);
    expect(kept.fields[0]).toBe(prev.fields[0]);
    expect(kept.fields[1]).not.toBe(prev.fields[1]);
  });

  it('answers prev itself when nothing differs, and sees removed keys and items', () => {
    const prev = { a: [1, 2], b: { c: true } };
    expect(keepEqual(prev, JSON.parse(JSON.stringify(prev)))).toBe(prev);
    expect(keepEqual(prev, { a: [1, 2] })).toEqual({ a: [1, 2] });
    expect(keepEqual(prev, { a: [1], b: { c: true } }).b).toBe(prev.b);
    expect(keepEqual({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } });
    expect(keepEqual(null, { a: 1 })).toEqual({ a: 1 });
  });
});
