import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerPage } from './definitions';
import { ok, page, paramsOf, renderPage } from './harness';

const LIST = '/online/cgform/api/customer/list';

const rows = [
  { id: '1', name: '甲公司', level: 'A', level_dictText: '重要客户', phone: '13800000001' },
  { id: '2', name: '乙公司', level: 'B', phone: '13800000002' },
];

function listing(records = rows, total = 42) {
  return renderPage(customerPage, {
    route: (config) => {
      if (config.url === LIST) return ok(page(records, total));
      if (config.url === '/sys/dict/getDictItems/customer_level') {
        return ok([
          { value: 'A', text: '重要客户', title: '重要客户' },
          { value: 'B', text: '普通客户', title: '普通客户' },
        ]);
      }
      return undefined;
    },
  });
}

describe('list page: table', { timeout: 20_000 }, () => {
  it('loads page 1 of 10 sorted by createTime desc from the online-table url', async () => {
    const h = listing();
    expect(await screen.findByText('甲公司')).toBeTruthy();
    expect(paramsOf(h.calls(LIST)[0]!)).toEqual({
      column: 'createTime',
      order: 'desc',
      pageNo: '1',
      pageSize: '10',
    });
  });

  it('shows columns from the list fields with dictionary text (_dictText, else the options)', async () => {
    listing();
    await screen.findByText('甲公司');
    const body = within(document.querySelector<HTMLElement>('.ant-table-tbody')!);
    expect(await body.findByText('重要客户')).toBeTruthy();
    expect(await body.findByText('普通客户')).toBeTruthy();
    for (const title of ['客户名称', '客户等级', '手机号', '签约日期', '操作']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
  });

  it('shows the total as {from}-{to} 共 {n} 条 with quick jumper and size changer', async () => {
    listing();
    expect(await screen.findByText('1-10 共 42 条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
  });

  it('offers page sizes 5/10/20/30/100', async () => {
    const user = userEvent.setup();
    listing();
    await screen.findByText('甲公司');
    await user.click(
      document.querySelector('.ant-pagination-options-size-changer .ant-select-selector')!,
    );
    for (const size of ['5 条/页', '20 条/页', '30 条/页', '100 条/页']) {
      expect(await screen.findByText(size)).toBeTruthy();
    }
  });

  it('asks for the next page with pageNo and keeps the sort', async () => {
    const user = userEvent.setup();
    const h = listing();
    await screen.findByText('甲公司');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    expect(paramsOf(h.calls(LIST)[1]!)).toMatchObject({
      pageNo: '2',
      pageSize: '10',
      column: 'createTime',
    });
  });

  it('sorts on the server by column/order and back to the default when cleared', async () => {
    const user = userEvent.setup();
    const h = listing();
    await screen.findByText('甲公司');
    const header = screen.getAllByText('客户名称').find((e) => e.closest('th'))!;
    await user.click(header);
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    expect(paramsOf(h.calls(LIST)[1]!)).toMatchObject({
      column: 'name',
      order: 'asc',
      pageNo: '1',
    });
    await user.click(header);
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(3));
    expect(paramsOf(h.calls(LIST)[2]!)).toMatchObject({ column: 'name', order: 'desc' });
    await user.click(header);
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(4));
    expect(paramsOf(h.calls(LIST)[3]!)).toMatchObject({ column: 'createTime', order: 'desc' });
  });

  it('clears the selection after a reload that returns a total', async () => {
    const user = userEvent.setup();
    const h = listing();
    await screen.findByText('甲公司');
    const row = screen.getByText('甲公司').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    expect(await screen.findByText('清空')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('清空')).toBeNull());
  });

  it('keeps the selection when the answer has no total (a plain array)', async () => {
    const user = userEvent.setup();
    renderPage(customerPage, {
      route: (config) => (config.url === LIST ? ok(rows) : undefined),
    });
    await screen.findByText('甲公司');
    const row = screen.getByText('甲公司').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await screen.findByText('甲公司');
    expect(screen.getByText('清空')).toBeTruthy();
  });
});
