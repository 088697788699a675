import { useState } from 'react';
import { App, Button } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportRecord } from '../../src/runtime/report-client';
import { ReportPickerDialog } from '../../renderers/shared/report/ReportPickerDialog';
import { WithServices } from './sel-user-support';
import {
  REPORT_NAME,
  bannerText,
  fakeReportHttp,
  reportDialog,
  rowOf,
  shownNames,
  type FakeReportOptions,
} from './report-support';

/** The report picker dialog (widgets.md §2.10, §4, §5, §7, §9). */

interface Case extends FakeReportOptions {
  readonly multi?: boolean;
  readonly groupId?: string;
}

function renderDialog(c: Case = {}) {
  const fake = fakeReportHttp(c);
  const onOk = vi.fn<(rows: readonly ReportRecord[]) => void>();
  let setParam: (param: Record<string, unknown>) => void = () => undefined;
  function Host() {
    const [open, setOpen] = useState(true);
    const [param, changeParam] = useState<Record<string, unknown>>({});
    setParam = changeParam;
    return (
      <>
        <Button onClick={() => setOpen(true)}>打开</Button>
        {open && (
          <ReportPickerDialog
            code="customer_pick"
            multi={c.multi ?? true}
            groupId={c.groupId}
            param={param}
            onOk={onOk}
            onClose={() => setOpen(false)}
          />
        )}
      </>
    );
  }
  render(
    <WithServices http={fake.http}>
      <App>
        <Host />
      </App>
    </WithServices>,
  );
  return {
    ...fake,
    onOk,
    setParam: (p: Record<string, unknown>) => setParam(p),
    user: userEvent.setup({ delay: null }),
  };
}

const isChecked = (name: string) => rowOf(name).querySelector('input')!.checked;
const closed = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: REPORT_NAME })).toBeNull());

beforeEach(() => localStorage.clear());

/**
 * As a person would: the next click once the page is drawn and the table uncovered (a loading
 * table is covered, and its new rows may show before the cover goes).
 */
const tableReady = () =>
  waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

describe('report picker dialog', () => {
  it('is titled by the report name, 1200 wide, and loads columns, then query info, then data', async () => {
    const { order, data } = renderDialog();
    const dialog = await reportDialog();
    expect(order()).toEqual(['getRpColumns', 'getQueryInfo', 'getData']);
    expect(data()[0]!.params).toEqual({ pageNo: 1, pageSize: 10 });
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('1200px');
    expect(dialog.getByRole('columnheader', { name: /客户名称/ })).toBeTruthy();
    expect(dialog.getByRole('button', { name: '关 闭' })).toBeTruthy();
    // Dictionary columns show the option text (customRender through dictOptions).
    expect(within(rowOf('客户01')).getByText('普通')).toBeTruthy();
    expect(within(rowOf('客户02')).getByText('VIP')).toBeTruthy();
    // The table keeps at least 300px.
    expect(
      document
        .querySelector<HTMLElement>('.sa-report-table')!
        .style.getPropertyValue('--sa-report-min-height'),
    ).toBe('300px');
  });

  it('queries and resets through the query form', async () => {
    const { user, data } = renderDialog();
    const dialog = await reportDialog();
    await user.type(dialog.getByRole('textbox', { name: '客户名称' }), '客户1');
    await user.click(dialog.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(shownNames()[0]).toBe('客户10'));
    expect(data().at(-1)!.params).toEqual({ name: '客户1', pageNo: 1, pageSize: 10 });
    expect(dialog.getByText('1-10 共 10 条')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '重 置' }));
    await waitFor(() => expect(dialog.getByText('1-10 共 25 条')).toBeTruthy());
    expect(data().at(-1)!.params).toEqual({ pageNo: 1, pageSize: 10 });
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: '客户名称' }).value).toBe('');
  });

  it('shows three query fields until expanded, a group field as a begin/end pair', async () => {
    const { user, data } = renderDialog();
    const dialog = await reportDialog();
    expect(dialog.queryByRole('textbox', { name: '创建时间开始' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: /展开/ }));
    await user.type(dialog.getByRole('textbox', { name: '创建时间开始' }), '2024-01-01');
    await user.type(dialog.getByRole('textbox', { name: '创建时间结束' }), '2024-12-31');
    await user.click(dialog.getByRole('button', { name: '查 询' }));
    await waitFor(() =>
      expect(data().at(-1)!.params).toMatchObject({
        createTime_begin: '2024-01-01',
        createTime_end: '2024-12-31',
      }),
    );
    expect(dialog.getByRole('button', { name: /收起/ })).toBeTruthy();
  });

  it('counts the selection in the banner; a row click toggles; clear empties it', async () => {
    const { user } = renderDialog();
    await reportDialog();
    expect(bannerText()).toContain('已选择 0 项');
    await user.click(screen.getByText('客户01'));
    await user.click(screen.getByText('客户03'));
    expect(bannerText()).toContain('已选择 2 项');
    expect(isChecked('客户01')).toBe(true);
    await user.click(screen.getByText('客户01'));
    expect(isChecked('客户01')).toBe(false);
    expect(bannerText()).toContain('已选择 1 项');
    await user.click(screen.getByRole('button', { name: '清空' }));
    expect(bannerText()).toContain('已选择 0 项');
    expect(isChecked('客户03')).toBe(false);
    // With a query form there is no refresh in the banner.
    expect(screen.queryByRole('button', { name: '刷新' })).toBeNull();
  });

  it('offers refresh in the banner when the report has no query form', async () => {
    const { user, data } = renderDialog({ queryInfo: [] });
    await reportDialog();
    expect(screen.queryByRole('search')).toBeNull();
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(data()).toHaveLength(2));
  });

  it('keeps the selection across pages and hands every chosen row to OK (multi)', async () => {
    const { user, onOk } = renderDialog();
    const dialog = await reportDialog();
    await user.click(screen.getByText('客户02'));
    await user.click(dialog.getByTitle('2'));
    await waitFor(() => expect(shownNames()[0]).toBe('客户11'));
    await tableReady();
    await user.click(screen.getByText('客户12'));
    expect(bannerText()).toContain('已选择 2 项');
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    expect(onOk.mock.calls[0]![0].map((r) => r.name)).toEqual(['客户02', '客户12']);
  });

  it('single mode has radios and keeps one row; a second click on it unselects', async () => {
    const { user, onOk } = renderDialog({ multi: false });
    const dialog = await reportDialog();
    expect(dialog.queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(screen.getByText('客户01'));
    await user.click(screen.getByText('客户04'));
    expect(isChecked('客户01')).toBe(false);
    expect(isChecked('客户04')).toBe(true);
    expect(bannerText()).toContain('已选择 1 项');
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    expect(onOk.mock.calls[0]![0].map((r) => r.id)).toEqual(['c04']);
    await user.click(screen.getByText('客户04'));
    expect(bannerText()).toContain('已选择 0 项');
  });

  it('warns on OK with nothing chosen and stays open', async () => {
    const { user, onOk } = renderDialog();
    const dialog = await reportDialog();
    await user.click(dialog.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: REPORT_NAME })).toBeTruthy();
  });

  it('closing drops the selection: the next opening starts from none', async () => {
    const { user } = renderDialog();
    const dialog = await reportDialog();
    await user.click(screen.getByText('客户01'));
    expect(bannerText()).toContain('已选择 1 项');
    await user.click(dialog.getByRole('button', { name: '关 闭' }));
    await closed();
    await user.click(screen.getByRole('button', { name: '打 开' }));
    await reportDialog();
    expect(bannerText()).toContain('已选择 0 项');
    expect(isChecked('客户01')).toBe(false);
  });

  it('reloads the data when the param prop changes (as self_ parameters)', async () => {
    const { data, setParam, columns } = renderDialog();
    await reportDialog();
    setParam({ keyword: '客户2' });
    await waitFor(() => expect(shownNames()[0]).toBe('客户20'));
    expect(data().at(-1)!.params).toEqual({ self_keyword: '客户2', pageNo: 1, pageSize: 10 });
    // The columns are not asked again.
    expect(columns()).toHaveLength(1);
  });

  it('pages by 10 with 10/20/30, a quick jumper and the total text', async () => {
    const { user, data } = renderDialog();
    const dialog = await reportDialog();
    expect(dialog.getByText('1-10 共 25 条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper input')).not.toBeNull();
    await user.click(dialog.getByTitle('3'));
    await waitFor(() => expect(dialog.getByText('21-25 共 25 条')).toBeTruthy());
    expect(data().at(-1)!.params).toMatchObject({ pageNo: 3, pageSize: 10 });
    // While the page loads, the spin's mask takes the pointer (pointer-events: none).
    await tableReady();
    await user.click(dialog.getByRole('combobox', { name: /页码|每页/ }));
    const sizes = [...document.querySelectorAll('.ant-select-item-option')].map(
      (o) => o.textContent,
    );
    expect(sizes).toEqual(['10 条/页', '20 条/页', '30 条/页']);
    await user.click(screen.getByText('20 条/页'));
    await waitFor(() => expect(data().at(-1)!.params).toMatchObject({ pageSize: 20 }));
  });

  it('sorts on a column with a sorter (column=asc/desc)', async () => {
    const { user, data } = renderDialog();
    const dialog = await reportDialog();
    const header = dialog.getByRole('columnheader', { name: /客户名称/ });
    await user.click(header);
    await waitFor(() =>
      expect(data().at(-1)!.params).toMatchObject({ column: 'name', order: 'asc' }),
    );
    await tableReady();
    await user.click(header);
    await waitFor(() => expect(shownNames()[0]).toBe('客户25'));
    expect(data().at(-1)!.params).toMatchObject({ column: 'name', order: 'desc', pageNo: 1 });
  });

  it('shows a query-info failure as a warning and still loads the data', async () => {
    renderDialog({ queryInfoFails: '报表查询条件加载失败' });
    expect(await screen.findByText('报表查询条件加载失败')).toBeTruthy();
    await reportDialog();
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('caches the three calls for 30 s with a groupId, and not without one', async () => {
    const grouped = renderDialog({ groupId: 'g1' });
    let dialog = await reportDialog();
    await grouped.user.click(dialog.getByRole('button', { name: '关 闭' }));
    await closed();
    await grouped.user.click(screen.getByRole('button', { name: '打 开' }));
    await reportDialog();
    expect(grouped.order()).toEqual(['getRpColumns', 'getQueryInfo', 'getData']);
    document.body.innerHTML = '';

    const plain = renderDialog();
    dialog = await reportDialog();
    await plain.user.click(dialog.getByRole('button', { name: '关 闭' }));
    await closed();
    await plain.user.click(screen.getByRole('button', { name: '打 开' }));
    await reportDialog();
    expect(plain.order()).toEqual([
      'getRpColumns',
      'getQueryInfo',
      'getData',
      'getRpColumns',
      'getQueryInfo',
      'getData',
    ]);
  });
});
