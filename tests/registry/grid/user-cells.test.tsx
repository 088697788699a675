import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { fakePickerHttp } from '../../renderers/sel-user-support';
import { cellAt, columnTexts, renderGrid } from './support';

/** `sel_user` columns of the editable grid (widgets.md §2.5 user cell, §9 widths). */

const COLUMNS: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'owners', title: '负责人', type: 'sel_user' },
];

describe('user cells', () => {
  it('a page of many rows asks the names of all their users in at most two calls', async () => {
    const { http, calls } = fakePickerHttp();
    const people = ['u1', 'u2,u3', 'u4,u1,', '', 'ghost'];
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: String(i),
      name: `第${i}行`,
      owners: people[i % people.length],
    }));
    renderGrid({ columns: COLUMNS, dataSource: rows, http });
    await waitFor(() => expect(cellAt(0, '负责人').textContent).toBe('张三'));
    expect(columnTexts('负责人').slice(0, 5)).toEqual([
      '张三',
      '李四,王五',
      '赵六,张三',
      '',
      'ghost',
    ]);
    expect(calls('/sys/user/queryByIds').length).toBeLessThanOrEqual(2);
  });

  it('a clicked cell opens the picker; OK writes the picked ids into the row', async () => {
    const { http } = fakePickerHttp();
    const g = renderGrid({
      columns: COLUMNS,
      dataSource: [{ id: '1', name: '甲', owners: 'u1' }],
      http,
    });
    await waitFor(() => expect(cellAt(0, '负责人').textContent).toBe('张三'));
    await g.user.click(cellAt(0, '负责人'));
    const box = await within(cellAt(0, '负责人')).findByRole<HTMLInputElement>('textbox');
    expect(box.value).toBe('张三');
    await g.user.click(box);
    const dialog = within(await screen.findByRole('dialog', { name: '选择用户' }));
    await g.user.click((await dialog.findByText('lisi')).closest('tr')!);
    await g.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(g.handle().getTableData()[0]).toMatchObject({ owners: 'u1,u2' });
  });
});
