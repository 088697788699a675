import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { cellAt, columnTexts, grid, renderGrid } from './support';

describe('what the grid shows', () => {
  it('暂无数据 when there are no rows', () => {
    renderGrid({ columns: [{ key: 'name', title: '名称', type: 'input' }], dataSource: [] });
    expect(within(grid()).getByText('暂无数据')).toBeTruthy();
  });

  it('dictionary text, checkbox text, tags and list text', async () => {
    const columns: GridColumn[] = [
      { key: 'sex', title: '性别', type: 'select', dictCode: 'sex' },
      { key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'] },
      {
        key: 'tags',
        title: '标签',
        type: 'tags',
        setTagColor: (t) => (t === 'b' ? 'red' : undefined),
      },
      {
        key: 'many',
        title: '多选',
        type: 'select-multiple',
        options: [
          { value: 'a', text: '甲' },
          { value: 'b', text: '乙' },
        ],
      },
    ];
    renderGrid({
      columns,
      dataSource: [
        { id: '1', sex: '2', ok: 'Y', tags: 'a;b', many: 'a,b' },
        { id: '2', sex: '9', ok: 'N', tags: '', many: '' },
      ],
      dictionaries: { sex: [{ value: '2', text: '女' }] },
    });
    await waitFor(() => expect(cellAt(0, '性别').textContent).toBe('女'));
    expect(cellAt(1, '性别').textContent).toBe('9');
    expect(columnTexts('启用')).toEqual(['是', '否']);
    const tags = within(cellAt(0, '标签')).getAllByText(/^[ab]$/);
    expect(tags.map((t) => t.textContent)).toEqual(['a', 'b']);
    expect(tags[1].style.color).toBe('red');
    expect(cellAt(0, '多选').textContent).toBe('甲,乙');
  });

  it('a type with a display of its own uses it; its editor loads lazily', async () => {
    const { user } = renderGrid({
      columns: [{ key: 'day', title: '日期', type: 'date' }],
      dataSource: [{ id: '1', day: '2024-03-05 10:11:12' }],
    });
    expect(cellAt(0, '日期').textContent).toBe('2024-03-05');
    await user.click(cellAt(0, '日期'));
    const box = (await screen.findByRole('textbox', { name: '日期' })) as HTMLInputElement;
    expect(box.value).toBe('2024-03-05');
  });

  it('hidden and invisible columns are not drawn but keep their values', () => {
    const { handle } = renderGrid({
      columns: [
        { key: 'name', title: '名称', type: 'input' },
        { key: 'secret', title: '密', type: 'hidden' },
        { key: 'other', title: '另', type: 'input', visible: false },
      ],
      dataSource: [{ id: '1', name: 'a', secret: 's', other: 'o' }],
    });
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['名称']);
    expect(handle().getTableData()).toEqual([{ id: '1', name: 'a', secret: 's', other: 'o' }]);
  });

  it('a slot column is drawn by the host', () => {
    renderGrid({
      columns: [{ key: 'act', title: '操作', type: 'slot', slot: 'ops' }],
      dataSource: [{ id: '7' }],
      slots: {
        ops: ({ row, rowIndex }) => <a href="#x">查看 {`${String(row.id)}/${rowIndex}`}</a>,
      },
    });
    expect(screen.getByRole('link', { name: '查看 7/0' })).toBeTruthy();
  });

  it('the 统计 row sums and averages', () => {
    renderGrid({
      columns: [
        { key: 'name', title: '名称', type: 'input' },
        { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'] },
        { key: 'price', title: '单价', type: 'inputNumber', statistics: ['average'] },
        { key: 'bad', title: '备注', type: 'input', statistics: ['sum'] },
      ],
      dataSource: [
        { id: '1', name: 'a', qty: 1, price: 0.1, bad: 'x' },
        { id: '2', name: 'b', qty: 2, price: 0.2, bad: '1' },
      ],
      rowNumber: true,
    });
    const summary = within(grid())
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith('统计'));
    expect(summary).toBeTruthy();
    const cells = within(summary as HTMLElement)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['统计', '', '3', '0.15', '-']);
  });

  it('pagination under the grid: 10/20/30 and the total text', async () => {
    const onPageChange = vi.fn();
    const { user } = renderGrid({
      columns: [{ key: 'name', title: '名称', type: 'input' }],
      dataSource: [{ id: '1', name: 'a' }],
      pagination: { current: 2, pageSize: 10, total: 35 },
      onPageChange,
    });
    expect(screen.getByText('11-20 共 35 条')).toBeTruthy();
    await user.click(screen.getByTitle('3'));
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
    expect(screen.getByText('10 条/页')).toBeTruthy();
  });

  it('a row number column shows 1, 2, …', () => {
    renderGrid({
      columns: [{ key: 'name', title: '名称', type: 'input' }],
      dataSource: [
        { id: 'x', name: 'a' },
        { id: 'y', name: 'b' },
      ],
      rowNumber: true,
    });
    expect(screen.getByRole('button', { name: '第 2 行操作' }).textContent).toBe('2');
  });
});

describe('details, expanded rows and the 子表 popover', () => {
  const columns: GridColumn[] = [
    { key: 'name', title: '名称', type: 'input' },
    { key: 'sex', title: '性别', type: 'select', options: [{ value: '1', text: '男' }] },
  ];
  const dataSource = [
    { id: '1', name: '张三', sex: '1' },
    { id: '2', name: '李四', sex: '' },
  ];

  it('clickShowDetails opens 详细信息 with every column of the row', async () => {
    const { user } = renderGrid({ columns, dataSource, clickShowDetails: true });
    await user.click(cellAt(0, '名称'));
    const dialog = await screen.findByRole('dialog', { name: '详细信息' });
    expect(within(dialog).getByText('名称')).toBeTruthy();
    expect(within(dialog).getByText('张三')).toBeTruthy();
    expect(within(dialog).getByText('男')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '名称' })).toBeNull();
  });

  it('a showDetails column opens it from its own cells only', async () => {
    const { user } = renderGrid({
      columns: [{ ...columns[0], showDetails: true }, columns[1]],
      dataSource,
    });
    await user.click(cellAt(1, '名称'));
    const dialog = await screen.findByRole('dialog', { name: '详细信息' });
    expect(within(dialog).getByText('李四')).toBeTruthy();
  });

  it('an expand toggle shows renderExpand under its row', async () => {
    const { user } = renderGrid({
      columns,
      dataSource,
      rowExpand: true,
      renderExpand: (row) => <span>展开内容 {String(row.name)}</span>,
    });
    const toggles = screen.getAllByRole('button', { name: '展开此行' });
    await user.click(toggles[1]);
    expect(screen.getByText('展开内容 李四')).toBeTruthy();
    expect(screen.queryByText('展开内容 张三')).toBeNull();
    await user.click(screen.getByRole('button', { name: '收起此行' }));
    expect(screen.queryByText('展开内容 李四')).toBeNull();
  });

  it('the 子表 popover toggles on the same row and reopens on another', async () => {
    const { user } = renderGrid({
      columns,
      dataSource,
      clickShowSubForm: true,
      renderSubForm: (row) => <span>子表单 {String(row.name)}</span>,
    });
    await user.click(cellAt(0, '名称'));
    expect(await screen.findByText('子表单 张三')).toBeTruthy();
    expect(screen.getByText('子表')).toBeTruthy();
    await user.click(cellAt(1, '名称'));
    expect(await screen.findByText('子表单 李四')).toBeTruthy();
    expect(screen.queryByText('子表单 张三')).toBeNull();
    await user.click(cellAt(1, '性别'));
    await waitFor(() => expect(screen.queryByText('子表单 李四')).toBeNull());
  });
});
