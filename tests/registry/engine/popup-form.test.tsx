import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { popupRenderer } from '../../../renderers/popup';
import { REPORT_CODE, REPORT_NAME, reportAnswer } from '../../renderers/report-support';
import { findDialog, ok, page, renderPage, testRegistry, type Route } from './harness';

/**
 * A popup in a page-engine form (widgets.md §2.10): the chosen row fills several fields of the
 * same Formily form through `setValues`, and they are saved.
 */

const BASE = '/online/cgform/api/purchase/';

const purchasePage = {
  schemaVersion: 2,
  code: 'purchase',
  title: '采购单',
  kind: 'list',
  table: {
    name: 'demo_purchase',
    columns: [
      { name: 'order_no', type: 'string', length: 30 },
      { name: 'supplier', type: 'string', length: 100 },
      { name: 'supplier_phone', type: 'string', length: 20 },
    ],
  },
  fields: [
    { name: 'orderNo', label: '单号', type: 'input' },
    {
      name: 'supplier',
      label: '供应商',
      type: 'popup',
      props: { code: REPORT_CODE, orgFields: 'name,phone', destFields: 'supplier,supplierPhone' },
    },
    { name: 'supplierPhone', label: '供应商电话', type: 'input' },
  ],
};

const route: Route = (config, params) => {
  const url = config.url ?? '';
  if (url === BASE + 'list') return ok(page([]));
  if (url === BASE + 'add') return ok(null, '添加成功！');
  if (url.startsWith('/online/cgreport/api/')) {
    return { status: 200, data: reportAnswer(url, params) };
  }
  return undefined;
};

beforeEach(() => localStorage.clear());

// Both dialogs carry antd's test-mode aria-labelledby ('test-id'), so the picker is found by its
// title text rather than by its accessible name.
const pickerOpen = () =>
  screen.queryAllByRole('dialog').some((d) => d.textContent?.startsWith(REPORT_NAME));
const reportPicker = () =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.startsWith(REPORT_NAME));
    if (!found) throw new Error('no report picker');
    return found;
  });

describe('popup in a page form', { timeout: 20_000 }, () => {
  it('fills the supplier and its phone from the chosen report row, and saves both', async () => {
    const user = userEvent.setup();
    const registry = testRegistry();
    registry.register('popup', popupRenderer);
    const h = renderPage(purchasePage, { route, registry });
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await findDialog();
    await user.type(form.getByLabelText('单号'), 'P-1');
    const supplier = form.getByRole('textbox', { name: '供应商' }) as HTMLInputElement;
    expect(supplier.placeholder).toBe('请选择供应商');
    await user.click(supplier);
    const picker = within(await reportPicker());
    await user.click(await picker.findByText('客户07'));
    await user.click(picker.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(pickerOpen()).toBe(false));
    expect(supplier.value).toBe('客户07');
    expect((form.getByLabelText('供应商电话') as HTMLInputElement).value).toBe('13800000700');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
    expect(JSON.parse(String(h.calls(BASE + 'add')[0]!.data))).toEqual({
      orderNo: 'P-1',
      supplier: '客户07',
      supplierPhone: '13800000700',
    });
  });
});
