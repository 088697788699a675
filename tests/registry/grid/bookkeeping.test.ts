import { describe, expect, it } from 'vitest';
import type { GridColumn, GridRow } from '../../../registry/grid';
import { createRow, createRows } from '../../../registry/grid/model/new-row';
import {
  deleteIds,
  insertRows,
  insertedRows,
  loadBook,
  outputRows,
  patchRows,
  removeIdsOf,
  removeRows,
} from '../../../registry/grid/model/row-book';
import { dragMove, moveRow, renumber } from '../../../registry/grid/model/row-moves';
import { createTempId, isTempId, stripTempId } from '../../../registry/grid/model/temp-id';
import { RESERVED_TYPES, createRegistry } from '../../../registry/registry';
import { createGridStore } from '../../../registry/grid/store/grid-store';
import { clock, storeConfig } from './store-support';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', defaultValue: '新行' },
  { key: 'tags', title: '标签', type: 'tags', defaultValue: ['a'] },
  { key: 'done', title: '完成', type: 'checkbox', defaultChecked: true, customValue: ['Y', 'N'] },
  { key: 'off', title: '停用', type: 'checkbox', defaultChecked: false },
  { key: 'seq', title: '序号', type: 'inputNumber', isOrder: true },
];

describe('temporary ids', () => {
  it('are recognisable, unique, and stripped from rows handed out', () => {
    const a = createTempId();
    const b = createTempId();
    expect(a).not.toBe(b);
    expect(isTempId(a)).toBe(true);
    expect(isTempId('42')).toBe(false);
    expect(isTempId(42)).toBe(false);
    expect(stripTempId({ id: a, name: 'x' }, 'id')).toEqual({ name: 'x' });
    const saved = { id: '7', name: 'y' };
    expect(stripTempId(saved, 'id')).toBe(saved);
  });

  it('rows loaded without a key get one (and count as new)', () => {
    const book = loadBook([{ name: 'no key' }, { id: 5, name: 'saved' }], 'id');
    expect(isTempId(book.rows[0].id)).toBe(true);
    expect(book.rows[1].id).toBe(5);
    expect(insertedRows(book, 'id')).toEqual([{ name: 'no key' }]);
  });
});

describe('new rows', () => {
  it('take the column defaults, custom checkbox values and the next order number', () => {
    const row = createRow(
      columns,
      [
        { id: '1', seq: 4 },
        { id: '2', seq: '9' },
      ],
      'id',
    );
    expect(row).toMatchObject({ name: '新行', tags: ['a'], done: 'Y', off: false, seq: 10 });
    expect(isTempId(row.id)).toBe(true);
  });

  it('given values win; a given key is kept; order numbers count on across several rows', () => {
    const rows = createRows(columns, [], 'id', [{ name: 'A' }, { id: 'k1' }]);
    expect(rows.map((r) => [r.name, r.seq])).toEqual([
      ['A', 1],
      ['新行', 2],
    ]);
    expect(rows[1].id).toBe('k1');
    expect(rows[0].tags).not.toBe(rows[1].tags);
  });
});

describe('inserted, removed and deleted ids', () => {
  const saved: GridRow[] = [
    { id: 's1', name: 'a' },
    { id: 's2', name: 'b' },
  ];

  it('removing a saved row records its id; removing a new row leaves no trace', () => {
    let book = loadBook(saved, 'id');
    const [added] = createRows(columns, book.rows, 'id', [{}]);
    book = insertRows(book, [added], 1);
    expect(book.rows.map((r) => r.id)).toEqual(['s1', added.id, 's2']);
    expect(insertedRows(book, 'id')).toHaveLength(1);

    book = removeRows(book, [String(added.id), 's2'], 'id').book;
    expect(book.rows.map((r) => r.id)).toEqual(['s1']);
    expect(deleteIds(book, 'id')).toEqual(['s2']);
    expect(book.removed).toEqual([saved[1]]);
    expect(insertedRows(book, 'id')).toEqual([]);
  });

  it('hands rows out without temporary ids', () => {
    const book = insertRows(loadBook(saved, 'id'), createRows(columns, [], 'id', [{ name: 'n' }]));
    const out = outputRows(book.rows, 'id');
    expect(out[0]).toBe(saved[0]);
    expect('id' in out[2]).toBe(false);
    expect(out[2].name).toBe('n');
  });

  it('patches rows by id, never their key, merging tug_status', () => {
    const book = loadBook(
      [
        { id: '1', a: 1, tug_status: { x: 1 } },
        { id: '2', a: 2 },
      ],
      'id',
    );
    const { book: next, changedIds } = patchRows(
      book,
      [
        { rowKey: '1', values: { id: 'other', a: 10, tug_status: { y: 2 } } },
        { rowKey: '9', values: {} },
      ],
      'id',
    );
    expect(changedIds).toEqual(['1']);
    expect(next.rows[0]).toEqual({ id: '1', a: 10, tug_status: { x: 1, y: 2 } });
    expect(next.rows[1]).toBe(book.rows[1]);
  });
});

describe('removeRows argument', () => {
  it('takes a row id or a list of ids', () => {
    expect(removeIdsOf('a')).toEqual(['a']);
    expect(removeIdsOf(['a', 'b'])).toEqual(['a', 'b']);
  });

  it.each([[42], [null], [undefined], [{ id: 'a' }]])('throws naming removeRows for %j', (arg) => {
    expect(() => removeIdsOf(arg)).toThrow(/removeRows/);
  });

  it('the store refuses it synchronously', () => {
    const store = createGridStore([{ id: 'a' }], storeConfig(columns));
    expect(() => store.removeRows(7)).toThrow(/removeRows/);
  });
});

describe('moves and drag order', () => {
  const rows: GridRow[] = ['a', 'b', 'c'].map((id) => ({ id }));
  const ids = (list: readonly GridRow[]) => list.map((r) => r.id);

  it('moves a row up and down; refuses at the ends with the §5 messages', () => {
    const up = moveRow(rows, 1, -1);
    expect(up.ok && ids(up.rows)).toEqual(['b', 'a', 'c']);
    const down = moveRow(rows, 1, 1);
    expect(down.ok && ids(down.rows)).toEqual(['a', 'c', 'b']);
    expect(moveRow(rows, 0, -1)).toEqual({ ok: false, message: '未知的操作' });
    expect(moveRow(rows, 2, 1)).toEqual({ ok: false, message: '已到最后~' });
  });

  it('drags a row to another place', () => {
    expect(ids(dragMove(rows, 0, 2))).toEqual(['b', 'c', 'a']);
    expect(ids(dragMove(rows, 2, 0))).toEqual(['c', 'a', 'b']);
  });

  it('renumbers the order field from 1, keeping rows already numbered', () => {
    const numbered = renumber(
      [
        { id: 'x', orderNum: 1 },
        { id: 'y', orderNum: 7 },
      ],
      'orderNum',
    );
    expect(numbered.map((r) => r.orderNum)).toEqual([1, 2]);
  });

  it('the store renumbers after every move, insert and remove', async () => {
    const store = createGridStore(
      [
        { id: 'a', orderNum: 3 },
        { id: 'b', orderNum: 1 },
        { id: 'c', orderNum: 2 },
      ],
      storeConfig(columns, { orderKey: 'orderNum' }),
      { now: clock([0, 2000]) },
    );
    const order = () => store.getSnapshot().book.rows.map((r) => [r.id, r.orderNum]);
    store.move('c', -1);
    expect(order()).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);
    const [added] = store.insertBelow('a');
    expect(order()[1]).toEqual([added.id, 2]);
    await store.removeRows(['a']);
    expect(order().map(([, n]) => n)).toEqual([1, 2, 3]);
    store.dragStart('b');
    store.drop(String(added.id));
    expect(order().map(([id]) => id)).toEqual(['b', added.id, 'c']);
    expect(order().map(([, n]) => n)).toEqual([1, 2, 3]);
  });
});

describe('a host that owns the order (onRowMove)', () => {
  it('hears of a drop as indexes and keeps the rows as they were until it hands them back', () => {
    const moves: [number, number][] = [];
    const store = createGridStore(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      storeConfig(columns, {
        orderKey: 'orderNum',
        onRowMove: (from, to) => moves.push([from, to]),
      }),
    );
    store.dragStart('c');
    store.dragOver('a');
    expect(store.getSnapshot().dropTargetId).toBe('a');
    store.drop('a');
    expect(moves).toEqual([[2, 0]]);
    expect(store.getSnapshot().book.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(store.getSnapshot().dropTargetId).toBeNull();
    store.dragStart('b');
    store.drop('b');
    expect(moves).toHaveLength(1);
  });
});

describe('reserved names', () => {
  it.each(RESERVED_TYPES)('%s cannot be registered as a cell type', (type) => {
    expect(() => createRegistry().register(type, { field: () => null })).toThrow(/关键字/);
  });
});
