import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { REPORT_CODE, REPORT_NAME, fakeReportHttp } from '../../renderers/report-support';
import { cellAt, renderGrid } from './support';

/** `popup` cells of the editable grid (widgets.md §2.5 popup cell, §2.10): fill their row. */

const COLUMNS: GridColumn[] = [
  {
    key: 'supplier',
    title: '供应商',
    type: 'popup',
    props: { code: REPORT_CODE, orgFields: 'name,phone', destFields: 'supplier,supplierPhone' },
  },
  { key: 'supplierPhone', title: '供应商电话', type: 'input' },
  { key: 'qty', title: '数量', type: 'inputNumber' },
];

beforeEach(() => localStorage.clear());

describe('popup cells', () => {
  it('a chosen report row fills several cells of the same row, the others untouched', async () => {
    const { http } = fakeReportHttp();
    const g = renderGrid({
      columns: COLUMNS,
      dataSource: [
        { id: '1', supplier: '', supplierPhone: '', qty: 2 },
        { id: '2', supplier: '客户09', supplierPhone: '13800000900', qty: 5 },
      ],
      http,
    });
    await g.user.click(cellAt(0, '供应商'));
    const box = await within(cellAt(0, '供应商')).findByRole<HTMLInputElement>('textbox');
    await g.user.click(box);
    const dialog = within(await screen.findByRole('dialog', { name: REPORT_NAME }));
    await g.user.click(await dialog.findByText('客户04'));
    await g.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await g.user.click(screen.getByTestId('outside'));
    const rows = g.handle().getTableData();
    expect(rows[0]).toMatchObject({ supplier: '客户04', supplierPhone: '13800000400', qty: 2 });
    expect(rows[1]).toMatchObject({ supplier: '客户09', supplierPhone: '13800000900', qty: 5 });
    expect(cellAt(0, '供应商电话').textContent).toBe('13800000400');
  });

  it('multi joins the chosen rows with the spliter in each cell', async () => {
    const { http } = fakeReportHttp();
    const columns = COLUMNS.map((c) =>
      c.key === 'supplier' ? { ...c, props: { ...c.props, multi: true, spliter: ';' } } : c,
    );
    const g = renderGrid({ columns, dataSource: [{ id: '1', supplier: '', qty: 1 }], http });
    await g.user.click(cellAt(0, '供应商'));
    await g.user.click(await within(cellAt(0, '供应商')).findByRole('textbox'));
    const dialog = within(await screen.findByRole('dialog', { name: REPORT_NAME }));
    await g.user.click(await dialog.findByText('客户01'));
    await g.user.click(dialog.getByText('客户02'));
    await g.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await g.user.click(screen.getByTestId('outside'));
    expect(g.handle().getTableData()[0]).toMatchObject({
      supplier: '客户01;客户02',
      supplierPhone: '13800000100;13800000200',
    });
  });
});
