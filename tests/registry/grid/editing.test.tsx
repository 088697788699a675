import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GridColumn, GridValueChange } from '../../../registry/grid';
import { cellAt, dataRows, renderGrid } from './support';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'age', title: '年龄', type: 'inputNumber' },
  {
    key: 'sex',
    title: '性别',
    type: 'select',
    options: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
];
const dataSource = [{ id: '1', name: '张三', age: 3, sex: '1' }];
const nameBox = () => screen.queryByRole('textbox', { name: '名称' });

describe('editing a cell', () => {
  it('opens on a click, keeps what is typed, commits on a mouse release outside', async () => {
    const onValueChange = vi.fn<(c: GridValueChange) => void>();
    const { user, handle } = renderGrid({ columns, dataSource, onValueChange });
    expect(cellAt(0, '名称').textContent).toBe('张三');
    expect(nameBox()).toBeNull();
    await user.click(cellAt(0, '名称'));
    const box = await screen.findByRole('textbox', { name: '名称' });
    await user.clear(box);
    await user.type(box, '李四');
    // Nothing is committed while typing.
    expect(onValueChange).not.toHaveBeenCalled();
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect(nameBox()).toBeNull());
    expect(cellAt(0, '名称').textContent).toBe('李四');
    expect(handle().getTableData()).toEqual([{ id: '1', name: '李四', age: 3, sex: '1' }]);
    expect(onValueChange).toHaveBeenCalledTimes(1);
    expect(onValueChange.mock.calls[0][0]).toMatchObject({
      type: 'input',
      value: '李四',
      oldValue: '张三',
    });
  });

  it('stays open on a mouse release inside the grid or inside a pop-up', async () => {
    const { user } = renderGrid({ columns, dataSource });
    await user.click(cellAt(0, '名称'));
    const box = await screen.findByRole('textbox', { name: '名称' });
    fireEvent.mouseUp(box);
    const popup = document.createElement('div');
    popup.className = 'ant-select-dropdown';
    const item = document.createElement('div');
    popup.append(item);
    document.body.append(popup);
    fireEvent.mouseUp(item);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(nameBox()).not.toBeNull();
    popup.remove();
  });

  it('Escape leaves without keeping the change; Enter commits', async () => {
    const { user, handle } = renderGrid({ columns, dataSource });
    await user.click(cellAt(0, '名称'));
    await user.type(await screen.findByRole('textbox', { name: '名称' }), 'X');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(nameBox()).toBeNull());
    expect(handle().getTableData()[0].name).toBe('张三');

    await user.click(cellAt(0, '名称'));
    await user.type(await screen.findByRole('textbox', { name: '名称' }), 'Y');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(nameBox()).toBeNull());
    expect(handle().getTableData()[0].name).toBe('张三Y');
  });

  it('getValues commits the cell being edited first', async () => {
    const { user, handle } = renderGrid({ columns, dataSource });
    await user.click(cellAt(0, '名称'));
    await user.type(await screen.findByRole('textbox', { name: '名称' }), '!');
    const values = await act(() => handle().getValues());
    expect(values.values[0].name).toBe('张三!');
  });

  it('shows option text, and edits a select through its dropdown', async () => {
    const { user, handle } = renderGrid({ columns, dataSource });
    expect(cellAt(0, '性别').textContent).toBe('男');
    await user.click(cellAt(0, '性别'));
    const select = await within(cellAt(0, '性别')).findByRole('combobox');
    await user.click(select);
    await user.click(await screen.findByTitle('女'));
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect(cellAt(0, '性别').textContent).toBe('女'));
    expect(handle().getTableData()[0].sex).toBe('2');
  });

  it('alwaysEdit keeps every cell an editor; each change commits', async () => {
    const { user, handle } = renderGrid({
      columns: [columns[0]],
      dataSource: [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
      alwaysEdit: true,
    });
    const boxes = screen.getAllByRole('textbox', { name: '名称' });
    expect(boxes).toHaveLength(2);
    await user.type(boxes[1], 'c');
    expect(handle().getTableData()[1].name).toBe('bc');
    expect(dataRows()).toHaveLength(2);
  });

  it('disabled columns and disabled grids do not edit', async () => {
    const { user } = renderGrid({
      columns: [{ ...columns[0], disabled: true }],
      dataSource,
    });
    await user.click(cellAt(0, '名称'));
    expect(nameBox()).toBeNull();
  });
});
