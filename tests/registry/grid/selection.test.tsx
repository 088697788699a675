import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { GridColumn, GridSelectionChange } from '../../../registry/grid';
import { dataRows, renderGrid } from './support';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'status', title: '状态', type: 'input' },
];
const dataSource = [
  { id: '1', name: '甲', status: '0' },
  { id: '2', name: '乙', status: '1' },
  { id: '3', name: '丙', status: '0' },
];

const rowBox = (i: number) =>
  within(dataRows()[i]).getByRole('checkbox', { name: '选择行' }) as HTMLInputElement;
const allBox = () => screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement;

describe('row selection', () => {
  it('ticks rows one by one; select-all is indeterminate while only some are ticked', async () => {
    const changes: GridSelectionChange[] = [];
    const { user, handle } = renderGrid({
      columns,
      dataSource,
      rowSelection: true,
      onSelectionChange: (c) => changes.push(c),
    });
    await user.click(rowBox(0));
    expect(rowBox(0).checked).toBe(true);
    expect(allBox().indeterminate).toBe(true);
    expect(allBox().checked).toBe(false);
    expect(changes.at(-1)).toMatchObject({ type: 'selected', selectedRowIds: ['1'] });
    expect(handle().getSelection().ids).toEqual(['1']);

    await user.click(rowBox(0));
    expect(changes.at(-1)).toMatchObject({ type: 'unselected', selectedRowIds: [] });
    expect(allBox().indeterminate).toBe(false);
  });

  it('select-all ticks every row and reports selected-all; unticking clears', async () => {
    const onSelectionChange = vi.fn<(c: GridSelectionChange) => void>();
    const { user } = renderGrid({
      columns,
      dataSource,
      rowSelection: true,
      toolbar: true,
      onSelectionChange,
    });
    await user.click(allBox());
    expect([0, 1, 2].map((i) => rowBox(i).checked)).toEqual([true, true, true]);
    expect(allBox().checked).toBe(true);
    expect(onSelectionChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'selected-all', selectedRowIds: ['1', '2', '3'] }),
    );
    expect(screen.getByRole('status').textContent).toBe('已选择 3 项');
    await user.click(allBox());
    expect([0, 1, 2].map((i) => rowBox(i).checked)).toEqual([false, false, false]);
  });

  it('rows matched by disabledRows cannot be ticked, and select-all leaves them out', async () => {
    const { user, handle } = renderGrid({
      columns,
      dataSource,
      rowSelection: true,
      disabledRows: { status: ['1'] },
    });
    expect(rowBox(1).disabled).toBe(true);
    await user.click(allBox());
    expect(handle().getSelection().ids).toEqual(['1', '3']);
    expect(allBox().checked).toBe(true);
    expect(rowBox(1).checked).toBe(false);
  });

  it('radio selection keeps one row', async () => {
    const { user, handle } = renderGrid({
      columns,
      dataSource,
      rowSelection: true,
      rowSelectionType: 'radio',
    });
    const radio = (i: number) => within(dataRows()[i]).getByRole('radio', { name: '选择行' });
    await user.click(radio(0));
    await user.click(radio(2));
    expect(handle().getSelection().ids).toEqual(['3']);
    expect(screen.queryByRole('checkbox', { name: '全选' })).toBeNull();
  });

  it('is cleared by a reload, and by 清空选择', async () => {
    const { user, handle } = renderGrid({ columns, dataSource, rowSelection: true, toolbar: true });
    await user.click(rowBox(1));
    await user.click(screen.getByRole('button', { name: '清空选择' }));
    expect(handle().getSelection().ids).toEqual([]);
    await user.click(rowBox(1));
    act(() => handle().loadData(dataSource));
    expect(handle().getSelection().ids).toEqual([]);
    expect(rowBox(1).checked).toBe(false);
  });
});
