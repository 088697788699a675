import { describe, expect, it } from 'vitest';
import { diffJson, escapePointerToken } from '../../server/modules/page/diff';

describe('diffJson', () => {
  it('finds nothing between equal documents', () => {
    const doc = { a: 1, b: [1, { c: 'x' }], d: {}, e: [] };
    expect(diffJson(doc, structuredClone(doc))).toEqual([]);
    expect(diffJson(null, null)).toEqual([]);
  });

  it('names changed leaves by their pointer', () => {
    expect(
      diffJson({ title: 'a', list: { pageSize: 10 } }, { title: 'b', list: { pageSize: 20 } }),
    ).toEqual(['/title', '/list/pageSize']);
  });

  it('names every leaf of an added or removed subtree', () => {
    const before = { fields: [{ name: 'a', label: 'A' }] };
    const after = {
      fields: [
        { name: 'a', label: 'A' },
        { name: 'b', label: 'B' },
      ],
      list: {},
    };
    expect(diffJson(before, after)).toEqual(['/fields/1/name', '/fields/1/label', '/list']);
    expect(diffJson(after, before)).toEqual(['/fields/1/name', '/fields/1/label', '/list']);
  });

  it('compares arrays by index', () => {
    expect(diffJson({ xs: ['a', 'b', 'c'] }, { xs: ['b', 'c'] })).toEqual([
      '/xs/0',
      '/xs/1',
      '/xs/2',
    ]);
  });

  it('reports a change of kind as the leaves of both sides', () => {
    expect(diffJson({ a: { b: 1 } }, { a: 'text' })).toEqual(['/a/b', '/a']);
    expect(diffJson({ a: [] }, { a: {} })).toEqual(['/a']);
    expect(diffJson({ a: null }, { a: 0 })).toEqual(['/a']);
    expect(diffJson(1, 2)).toEqual(['']);
  });

  it('escapes ~ and / in keys (RFC 6901)', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(diffJson({ 'a/b': 1 }, { 'a/b': 2 })).toEqual(['/a~1b']);
  });

  it('does not mutate its inputs', () => {
    const before = { a: [1, 2] };
    const after = { a: [1] };
    diffJson(before, after);
    expect(before).toEqual({ a: [1, 2] });
    expect(after).toEqual({ a: [1] });
  });
});
