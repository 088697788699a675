import { describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { columnTexts, dataRows, renderGrid } from './support';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'orderNum', title: '排序', type: 'inputNumber' },
];
const dataSource = ['甲', '乙', '丙', '丁'].map((name, i) => ({
  id: String(i + 1),
  name,
  orderNum: i + 1,
}));

/** Drags row `from` by its handle and drops it on row `to` (HTML5 drag events). */
function drag(from: number, to: number) {
  const handle = within(dataRows()[from]).getByRole('button', { name: '拖动排序' });
  const target = within(dataRows()[to]).getAllByRole('gridcell')[1];
  fireEvent.dragStart(handle);
  fireEvent.dragOver(target);
  fireEvent.drop(target);
  fireEvent.dragEnd(handle);
}

describe('drag sort', () => {
  it('moves a row where it is dropped and renumbers the order field from 1', () => {
    const { handle } = renderGrid({ columns, dataSource, dragSort: true });
    drag(0, 2);
    expect(columnTexts('名称')).toEqual(['乙', '丙', '甲', '丁']);
    expect(columnTexts('排序')).toEqual(['1', '2', '3', '4']);
    drag(3, 0);
    expect(columnTexts('名称')).toEqual(['丁', '乙', '丙', '甲']);
    expect(
      handle()
        .getTableData()
        .map((r) => [r.name, r.orderNum]),
    ).toEqual([
      ['丁', 1],
      ['乙', 2],
      ['丙', 3],
      ['甲', 4],
    ]);
  });

  it('uses dragSortKey as the order field', () => {
    const { handle } = renderGrid({
      columns: [{ key: 'name', title: '名称', type: 'input' }],
      dataSource: [
        { id: 'a', name: 'A', seq: 9 },
        { id: 'b', name: 'B', seq: 8 },
      ],
      dragSort: true,
      dragSortKey: 'seq',
    });
    drag(1, 0);
    expect(handle().getTableData()).toEqual([
      { id: 'b', name: 'B', seq: 1 },
      { id: 'a', name: 'A', seq: 2 },
    ]);
  });

  it('renumbers after a remove', async () => {
    const { handle } = renderGrid({ columns, dataSource, dragSort: true });
    await act(() => handle().removeRows('2'));
    expect(
      handle()
        .getTableData()
        .map((r) => r.orderNum),
    ).toEqual([1, 2, 3]);
    expect(columnTexts('名称')).toEqual(['甲', '丙', '丁']);
    expect((await act(() => handle().getValues())).deleteIds).toEqual(['2']);
  });
});
