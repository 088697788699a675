import { describe, expect, it } from 'vitest';
import type { within } from '@testing-library/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog, ok, page, renderPage } from './harness';

/** A master-detail page whose detail column 商品 is required. */
const orderPage = {
  schemaVersion: 2,
  code: 'order',
  title: '订单',
  kind: 'master-detail',
  table: { name: 'demo_order', columns: [{ name: 'order_no', type: 'string' }] },
  fields: [{ name: 'orderNo', label: '订单号', type: 'input' }],
  details: [
    {
      code: 'order_item',
      title: '订单明细',
      foreignKey: 'orderId',
      table: {
        name: 'demo_order_item',
        columns: [
          { name: 'order_id', type: 'string' },
          { name: 'product', type: 'string' },
        ],
      },
      fields: [
        { name: 'orderId', label: '订单', type: 'input' },
        { name: 'product', label: '商品', type: 'input', validateRules: [{ required: true }] },
      ],
    },
  ],
};

function orders() {
  return renderPage(orderPage, {
    route: (config) => {
      if (config.url === '/online/cgform/api/order/list')
        return ok(page([{ id: 'o1', orderNo: 'NO-1' }], 1));
      if (config.url === '/online/cgform/api/order/queryById')
        return ok({ id: 'o1', orderNo: 'NO-1' });
      if (config.url === '/online/cgform/api/order/detail/order_item/list')
        return ok(page([{ id: 'i1', orderId: 'o1', product: '键盘' }], 1));
      return undefined;
    },
  });
}

/** The grid's header cell titled `title`. */
async function header(dialog: ReturnType<typeof within>, title: string): Promise<HTMLElement> {
  await dialog.findByText('键盘');
  const cell = dialog
    .getAllByRole('columnheader')
    .find((h: HTMLElement) => h.textContent?.replace('*', '').trim() === title);
  if (!cell) throw new Error(`no column ${title}`);
  return cell;
}

describe('master-detail: required marks', { timeout: 20_000 }, () => {
  it('详情 (read-only) shows no required asterisk on the detail columns', async () => {
    const user = userEvent.setup();
    orders();
    await screen.findByText('NO-1');
    await user.click(screen.getByText('详情'));
    const cell = await header(await findDialog(), '商品');
    expect(cell.textContent).toBe('商品');
    expect(cell.querySelector('.eg-required')).toBeNull();
  });

  it('编辑 marks the required detail column with *', async () => {
    const user = userEvent.setup();
    orders();
    await screen.findByText('NO-1');
    await user.click(screen.getByText('编辑'));
    const cell = await header(await findDialog(), '商品');
    expect(cell.querySelector('.eg-required')?.textContent).toBe('*');
  });
});
