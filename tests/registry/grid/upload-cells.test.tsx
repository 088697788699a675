import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { fakeFiles, plainFile } from '../../renderers/uploads-support';
import { cellAt, renderGrid } from './support';

/** `file` and `upload` cells of the editable grid (widgets.md §2.5): the column's settings. */

const PATH = 'temp/20261127/年度预算报告_1a2b3c4d5e6f.pdf';

const COLUMNS: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'att', title: '附件', type: 'file', allowRemove: false },
  { key: 'doc', title: '单据', type: 'upload', btnText: '传单据', responseName: 'url' },
];

describe('upload cells in the grid', () => {
  it('read as the shortened name and honour the column’s allowRemove', async () => {
    const files = fakeFiles();
    const g = renderGrid({
      columns: COLUMNS,
      dataSource: [{ id: '1', att: PATH }],
      http: files.http,
    });
    expect(cellAt(0, '附件').textContent).toBe('年度预算报…');
    await g.user.click(cellAt(0, '附件'));
    await g.user.click(await within(cellAt(0, '附件')).findByRole('button', { name: '操作' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['下载', '更多']);
  });

  it('an upload cell uploads with the column’s button text and answer field', async () => {
    const files = fakeFiles();
    const g = renderGrid({
      columns: COLUMNS,
      dataSource: [{ id: '1', doc: '' }],
      http: files.http,
    });
    await g.user.click(cellAt(0, '单据'));
    await within(cellAt(0, '单据')).findByRole('button', { name: /传单据/ });
    await g.user.upload(within(cellAt(0, '单据')).getByLabelText(/选择文件$/), plainFile('a.pdf'));
    files.uploads[0]!.succeed('ignored', { url: PATH });
    await within(cellAt(0, '单据')).findByLabelText('上传完成');
    await g.user.click(screen.getByTestId('outside'));
    await waitFor(() => expect(g.handle().getTableData()[0]).toMatchObject({ doc: PATH }));
  });
});
