import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { cellAt, renderGrid } from './support';

const columns: GridColumn[] = [
  {
    key: 'name',
    title: '名称',
    type: 'input',
    validateRules: [{ required: true }, { pattern: 's', message: '${title}只能是字母' }],
  },
  { key: 'code', title: '编码', type: 'input', validateRules: [{ unique: true }] },
];
const invalid = (title: string, row = 0) =>
  cellAt(row, title).querySelector('[aria-invalid="true"]') !== null;

describe('cell errors', () => {
  it('a committed cell that breaks a rule turns red and tells why on hover', async () => {
    const { user } = renderGrid({ columns, dataSource: [{ id: '1', name: 'abc', code: 'a' }] });
    expect(invalid('名称')).toBe(false);
    await user.click(cellAt(0, '名称'));
    const box = await screen.findByRole('textbox', { name: '名称' });
    await user.type(box, '1');
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect(invalid('名称')).toBe(true));
    await user.hover(cellAt(0, '名称').querySelector('[aria-invalid="true"]') as Element);
    expect((await screen.findByRole('tooltip')).textContent).toBe('名称只能是字母');
  });

  it('the first failing rule gives the message; fixing the cell clears it', async () => {
    const { user } = renderGrid({ columns, dataSource: [{ id: '1', name: 'abc', code: 'a' }] });
    await user.click(cellAt(0, '名称'));
    await user.clear(await screen.findByRole('textbox', { name: '名称' }));
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect(invalid('名称')).toBe(true));
    await user.hover(cellAt(0, '名称').querySelector('[aria-invalid="true"]') as Element);
    expect((await screen.findByRole('tooltip')).textContent).toBe('名称不能为空');

    await user.click(cellAt(0, '名称'));
    await user.type(await screen.findByRole('textbox', { name: '名称' }), 'xyz');
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect(invalid('名称')).toBe(false));
  });

  it('a duplicate marks both rows; changing one clears both', async () => {
    const { user } = renderGrid({
      columns,
      dataSource: [
        { id: '1', name: 'a', code: 'x' },
        { id: '2', name: 'b', code: 'y' },
      ],
    });
    await user.click(cellAt(1, '编码'));
    const box = await screen.findByRole('textbox', { name: '编码' });
    await user.clear(box);
    await user.type(box, 'x');
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect([invalid('编码', 0), invalid('编码', 1)]).toEqual([true, true]));

    await user.click(cellAt(0, '编码'));
    await user.type(await screen.findByRole('textbox', { name: '编码' }), '2');
    fireEvent.mouseUp(screen.getByTestId('outside'));
    await waitFor(() => expect([invalid('编码', 0), invalid('编码', 1)]).toEqual([false, false]));
  });

  it('getValues checks every cell, counts the errors and marks them', async () => {
    const { handle } = renderGrid({
      columns,
      dataSource: [
        { id: '1', name: '', code: 'x' },
        { id: '2', name: 'b2', code: 'x' },
        { id: '3', name: 'ok', code: 'z' },
      ],
    });
    const values = await act(() => handle().getValues());
    expect(values.error).toBe(4);
    expect(values.errors.map((e) => [e.rowId, e.key, e.message])).toEqual([
      ['1', 'name', '名称不能为空'],
      ['1', 'code', '编码不能重复'],
      ['2', 'name', '名称只能是字母'],
      ['2', 'code', '编码不能重复'],
    ]);
    expect(invalid('名称', 0)).toBe(true);
    expect(invalid('名称', 2)).toBe(false);
    await expect(act(() => handle().getValuesPromise())).rejects.toMatchObject({ error: 4 });
  });

  it('getValues without validation answers no errors; the promise form resolves when valid', async () => {
    const { handle } = renderGrid({ columns, dataSource: [{ id: '1', name: '', code: 'x' }] });
    expect((await act(() => handle().getValues({ validate: false }))).error).toBe(0);
    act(() => handle().setValues([{ rowKey: '1', values: { name: 'fine' } }]));
    await expect(act(() => handle().getValuesPromise())).resolves.toMatchObject({ error: 0 });
  });

  it('marks the column header of a required column', () => {
    renderGrid({ columns, dataSource: [] });
    const header = screen.getByRole('columnheader', { name: /名称/ });
    expect(header.querySelector('.eg-required')?.textContent).toBe('*');
  });
});
