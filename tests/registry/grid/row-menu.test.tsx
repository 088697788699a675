import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { columnTexts, renderGrid } from './support';

const columns: GridColumn[] = [{ key: 'name', title: '名称', type: 'input', defaultValue: '新' }];
const dataSource = ['甲', '乙', '丙'].map((name, i) => ({ id: String(i + 1), name }));

async function choose(user: ReturnType<typeof renderGrid>['user'], row: number, item: string) {
  await user.click(screen.getByRole('button', { name: `第 ${row} 行操作` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('row menu', () => {
  it('moves a row up and down', async () => {
    const { user } = renderGrid({ columns, dataSource, rowNumber: true });
    await choose(user, 2, '向上移');
    expect(columnTexts('名称')).toEqual(['乙', '甲', '丙']);
    await choose(user, 2, '向下移');
    expect(columnTexts('名称')).toEqual(['乙', '丙', '甲']);
  });

  it('warns 未知的操作 moving the first row up and 已到最后~ moving the last down', async () => {
    const { user } = renderGrid({ columns, dataSource, rowNumber: true });
    await choose(user, 1, '向上移');
    expect(await screen.findByText('未知的操作')).toBeTruthy();
    await choose(user, 3, '向下移');
    expect(await screen.findByText('已到最后~')).toBeTruthy();
    expect(columnTexts('名称')).toEqual(['甲', '乙', '丙']);
  });

  it('inserts a new row with its defaults below the row', async () => {
    const { user, handle } = renderGrid({ columns, dataSource, rowNumber: true });
    await choose(user, 1, '插入一行');
    expect(columnTexts('名称')).toEqual(['甲', '新', '乙', '丙']);
    expect(handle().getNewData()).toEqual([{ name: '新' }]);
    expect(screen.getByRole('button', { name: '第 4 行操作' })).toBeTruthy();
  });
});
