import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GridColumn, GridValues } from '../../../registry/grid';
import { columnTexts, dataRows, renderGrid } from './support';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', defaultValue: '新行' },
  { key: 'qty', title: '数量', type: 'inputNumber', isOrder: true },
];
const dataSource = [
  { id: '1', name: '甲', qty: 1 },
  { id: '2', name: '乙', qty: 2 },
  { id: '3', name: '丙', qty: 3 },
];

const tick = (i: number) => within(dataRows()[i]).getByRole('checkbox', { name: '选择行' });

describe('toolbar', () => {
  it('新增 adds a row with defaults at the end', async () => {
    const { user, handle } = renderGrid({ columns, dataSource, toolbar: true });
    await user.click(screen.getByRole('button', { name: /新增/ }));
    expect(columnTexts('名称')).toEqual(['甲', '乙', '丙', '新行']);
    expect(columnTexts('数量')).toEqual(['1', '2', '3', '4']);
    expect(handle().getNewData()).toEqual([{ name: '新行', qty: 4 }]);
  });

  it('删除 asks 确定要删除这 N 项吗? and removes the selected rows on OK', async () => {
    const { user, handle } = renderGrid({ columns, dataSource, toolbar: true, rowSelection: true });
    expect((screen.getByRole('button', { name: /删除/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(tick(0));
    await user.click(tick(2));
    await user.click(screen.getByRole('button', { name: /删除/ }));
    expect(await screen.findByRole('dialog', { name: '确定要删除这 2 项吗?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(columnTexts('名称')).toEqual(['乙']));
    expect((await handle().getValues()).deleteIds).toEqual(['1', '3']);
  });

  it('cancelling the confirmation keeps the rows', async () => {
    const { user, handle } = renderGrid({ columns, dataSource, toolbar: true, rowSelection: true });
    await user.click(tick(1));
    await user.click(screen.getByRole('button', { name: /删除/ }));
    await screen.findByRole('dialog', { name: '确定要删除这 1 项吗?' });
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(columnTexts('名称')).toEqual(['甲', '乙', '丙']);
    expect((await handle().getValues()).deleteIds).toEqual([]);
  });

  it('hides 新增 and 删除 without the authPre permissions', () => {
    const asked: string[] = [];
    renderGrid({
      columns,
      dataSource,
      toolbar: true,
      authPre: 'online:order:',
      can: (code) => {
        asked.push(code);
        return code === 'online:order:batch_delete';
      },
    });
    expect(asked).toEqual(
      expect.arrayContaining(['online:order:add', 'online:order:batch_delete']),
    );
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.getByRole('button', { name: /删除/ })).toBeTruthy();
  });

  it('hides the columns whose {authPre}{key} code is refused; their values stay in the rows', async () => {
    const { handle } = renderGrid({
      columns,
      dataSource,
      toolbar: true,
      authPre: 'online:order:',
      can: (code) => code !== 'online:order:qty',
    });
    expect(screen.queryByRole('columnheader', { name: '数量' })).toBeNull();
    expect(columnTexts('名称')).toEqual(['甲', '乙', '丙']);
    expect((await handle().getValues()).values).toEqual(dataSource);
  });

  it('shows every button without authPre, whatever can answers', () => {
    renderGrid({ columns, dataSource, toolbar: true, can: () => false, onSave: () => undefined });
    for (const name of [/新增/, /删除/, /清空选择/, /保存/]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('保存 hands onSave the validated values', async () => {
    const onSave = vi.fn<(v: GridValues) => void>();
    const { user } = renderGrid({
      columns: [{ ...columns[0], validateRules: [{ required: true }] }, columns[1]],
      dataSource: [{ id: '1', name: '', qty: 1 }],
      toolbar: true,
      onSave,
    });
    await user.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      error: 1,
      values: [{ id: '1', name: '', qty: 1 }],
      deleteIds: [],
    });
  });

  it('展开 / 收起 expands and collapses every row with rowExpand', async () => {
    const { user } = renderGrid({
      columns,
      dataSource,
      toolbar: true,
      rowExpand: true,
      renderExpand: (row) => <p>详情：{String(row.name)}</p>,
    });
    await user.click(screen.getByRole('button', { name: /^展\s*开$/ }));
    expect(screen.getByText('详情：甲')).toBeTruthy();
    expect(screen.getByText('详情：丙')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^收\s*起$/ }));
    expect(screen.queryByText('详情：甲')).toBeNull();
  });
});
