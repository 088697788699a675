import { describe, expect, it } from 'vitest';
import { applySyncRows, mergeSyncRow } from '../../../registry/grid/sync-merge';

describe('mergeSyncRow', () => {
  it('takes the incoming values and keeps the rest of the row', () => {
    const current = { id: 'r1', name: '张三', age: 30, note: 'local' };
    const merged = mergeSyncRow(current, { id: 'r1', name: '李四', age: 31 });
    expect(merged).toEqual({ id: 'r1', name: '李四', age: 31, note: 'local' });
    expect(current).toEqual({ id: 'r1', name: '张三', age: 30, note: 'local' });
  });

  it('merges tug_status key by key instead of replacing it', () => {
    const current = { id: 'r1', tug_status: { name: 'edited', age: 'edited' } };
    const incoming = { id: 'r1', tug_status: { age: 'saved', sex: 'saved' } };
    expect(mergeSyncRow(current, incoming)).toEqual({
      id: 'r1',
      tug_status: { name: 'edited', age: 'saved', sex: 'saved' },
    });
    expect(current.tug_status).toEqual({ name: 'edited', age: 'edited' });
  });

  it("keeps the row's tug_status when the update has none, and takes it when the row has none", () => {
    expect(mergeSyncRow({ id: 'r1', tug_status: { a: 1 } }, { id: 'r1', x: 2 })).toEqual({
      id: 'r1',
      x: 2,
      tug_status: { a: 1 },
    });
    expect(mergeSyncRow({ id: 'r1' }, { id: 'r1', tug_status: { b: 2 } })).toEqual({
      id: 'r1',
      tug_status: { b: 2 },
    });
  });

  it('keeps the row key of the row', () => {
    expect(mergeSyncRow({ code: 7, v: 1 }, { code: '7', v: 2 }, 'code')).toEqual({ code: 7, v: 2 });
  });
});

describe('applySyncRows', () => {
  const rows = [
    { id: 'r1', name: 'a' },
    { id: 'r2', name: 'b' },
    { id: 3, name: 'c' },
  ];

  it('patches the matching rows by key and lists them', () => {
    const result = applySyncRows(rows, [
      { id: 'r2', name: 'B' },
      { id: '3', name: 'C' },
      { id: 'r9', name: 'new' },
    ]);
    expect(result.rows).toEqual([
      { id: 'r1', name: 'a' },
      { id: 'r2', name: 'B' },
      { id: 3, name: 'C' },
    ]);
    expect(result.patched).toEqual(['r2', '3']);
    expect(result.rows[0]).toBe(rows[0]);
  });

  it('returns the same array when nothing matches', () => {
    const result = applySyncRows(rows, [{ id: 'zz' }, { name: 'no key' }]);
    expect(result.rows).toBe(rows);
    expect(result.patched).toEqual([]);
  });

  it('applies a row sent twice in order, merging its tug_status', () => {
    const result = applySyncRows(
      [{ id: 'r1', name: 'a', tug_status: { x: 1 } }],
      [
        { id: 'r1', name: 'first', tug_status: { y: 2 } },
        { id: 'r1', name: 'second', tug_status: { z: 3 } },
      ],
    );
    expect(result.rows).toEqual([{ id: 'r1', name: 'second', tug_status: { x: 1, y: 2, z: 3 } }]);
  });

  it('matches on another row key', () => {
    const result = applySyncRows([{ code: 'A', v: 1 }], [{ code: 'A', v: 2 }], 'code');
    expect(result.rows).toEqual([{ code: 'A', v: 2 }]);
  });
});
