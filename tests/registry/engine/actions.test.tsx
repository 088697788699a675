import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bareListPage, customerPage } from './definitions';
import { ok, page, paramsOf, refused, renderPage } from './harness';

const BASE = '/online/cgform/api/customer/';
const rows = [
  { id: '1', name: '甲公司' },
  { id: '2', name: '乙公司' },
];
const withRows = (config: { url?: string }) =>
  config.url === BASE + 'list' ? ok(page(rows, 2)) : undefined;

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

afterEach(() => vi.restoreAllMocks());

describe('toolbar and row actions', { timeout: 20_000 }, () => {
  it('批量删除 with nothing selected warns 请选择一条记录！ and calls nothing', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, { route: withRows });
    await screen.findByText('甲公司');
    await user.click(button('批量删除'));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    expect(h.calls(BASE + 'deleteBatch')).toHaveLength(0);
  });

  it('批量删除 asks first, then deletes the selected ids and reloads', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, { route: withRows });
    await screen.findByText('甲公司');
    for (const name of ['甲公司', '乙公司']) {
      await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    }
    await user.click(button('批量删除'));
    expect(await screen.findByText('是否删除选中数据?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'deleteBatch')).toHaveLength(1));
    const call = h.calls(BASE + 'deleteBatch')[0]!;
    expect(call.method).toBe('delete');
    expect(paramsOf(call)).toEqual({ ids: '1,2' });
    await waitFor(() => expect(h.calls(BASE + 'list')).toHaveLength(2));
  });

  it('删除 on a row confirms, deletes by id and shows the server message', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: (config) =>
        config.url === BASE + 'delete' ? ok(null, '删除成功!') : withRows(config),
    });
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('甲公司').closest('tr')!).getByText('删除'));
    expect(await screen.findByText('确定删除吗?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'delete')).toHaveLength(1));
    expect(paramsOf(h.calls(BASE + 'delete')[0]!)).toEqual({ id: '1' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  it('a refused delete shows the server message and keeps the list', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: (config) =>
        config.url === BASE + 'delete' ? refused(500, '记录被引用，不能删除') : withRows(config),
    });
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('甲公司').closest('tr')!).getByText('删除'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('记录被引用，不能删除')).toBeTruthy();
    expect(h.calls(BASE + 'list')).toHaveLength(1);
  });

  it('a list answered with code 510 shows the server message as a warning', async () => {
    renderPage(customerPage, {
      route: (config) =>
        config.url === BASE + 'list' ? refused(510, '没有权限，请联系管理员授权') : undefined,
    });
    const text = await screen.findByText('没有权限，请联系管理员授权');
    expect(text.closest('.ant-message-warning')).toBeTruthy();
  });

  it.each([
    ['批量删除', '请设置url.deleteBatch属性!'],
    ['导出', '请设置url.exportXlsUrl属性!'],
    ['导入', '请设置url.importExcelUrl属性!'],
  ])('%s without its url says %s', async (name, message) => {
    const user = userEvent.setup();
    renderPage(bareListPage, {
      route: (config) => (config.url === '/demo/bare/list' ? ok(page(rows)) : undefined),
    });
    await screen.findByText('甲公司');
    await user.click(button(name));
    const shown = await screen.findByText(message);
    expect(shown.closest('.ant-message-error')).toBeTruthy();
  });

  it('删除 without url.delete says 请设置url.delete属性!', async () => {
    const user = userEvent.setup();
    renderPage(bareListPage, {
      route: (config) => (config.url === '/demo/bare/list' ? ok(page(rows)) : undefined),
    });
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('甲公司').closest('tr')!).getByText('删除'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请设置url.delete属性!')).toBeTruthy();
  });

  it('导出 downloads the filtered list as a file named after the page, with selections', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const h = renderPage(customerPage, {
      route: (config) =>
        config.url === BASE + 'exportXls'
          ? { status: 200, data: new Blob(['xlsx-bytes']) }
          : withRows(config),
    });
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('乙公司').closest('tr')!).getByRole('checkbox'));
    await user.click(button('导出'));
    await waitFor(() => expect(saved).toEqual(['客户管理.xlsx']));
    expect(create).toHaveBeenCalled();
    expect(paramsOf(h.calls(BASE + 'exportXls')[0]!)).toMatchObject({
      selections: '2',
      column: 'createTime',
      order: 'desc',
    });
  });

  it('an empty export warns 文件下载失败', async () => {
    const user = userEvent.setup();
    renderPage(customerPage, {
      route: (config) =>
        config.url === BASE + 'exportXls' ? { status: 200, data: new Blob([]) } : withRows(config),
    });
    await screen.findByText('甲公司');
    await user.click(button('导出'));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
  });

  it('a custom toolbar action calls its url with the selected ids after its confirm', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...customerPage,
        toolbar: [
          {
            key: 'audit',
            label: '审核',
            url: '/demo/audit',
            method: 'post',
            confirm: '确定审核选中的客户吗？',
          },
        ],
      },
      {
        route: (config) => (config.url === '/demo/audit' ? ok(null, '审核完成') : withRows(config)),
      },
    );
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('甲公司').closest('tr')!).getByRole('checkbox'));
    await user.click(button('审核'));
    expect(await screen.findByText('确定审核选中的客户吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('审核完成')).toBeTruthy();
    expect(JSON.parse(String(h.calls('/demo/audit')[0]!.data))).toEqual({ id: '1', ids: '1' });
  });
});

describe('permissions (the has rule)', { timeout: 20_000 }, () => {
  const visibleButtons = () =>
    [...document.querySelectorAll('.sa-page-toolbar button')].map((b) =>
      b.textContent?.replace(/\s/g, ''),
    );

  it('a page with a table gates its buttons by online:{code}:x', async () => {
    const asked: string[] = [];
    renderPage(customerPage, {
      route: withRows,
      can: (code) => {
        asked.push(code);
        return code === 'online:customer:add' || code === 'online:customer:export';
      },
    });
    await screen.findByText('甲公司');
    expect(visibleButtons()).toEqual(['新增', '导出', '高级查询']);
    const row = screen.getByText('甲公司').closest('tr')!;
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(within(row).queryByText('删除')).toBeNull();
    expect(within(row).getByText('详情')).toBeTruthy();
    expect(asked).toEqual(
      expect.arrayContaining([
        'online:customer:add',
        'online:customer:delete',
        'online:customer:export',
        'online:customer:import',
        'online:customer:edit',
      ]),
    );
  });

  it("a page without a table has no default codes; an action's own code still gates it", async () => {
    const asked: string[] = [];
    renderPage(
      {
        ...bareListPage,
        toolbar: [{ key: 'add' }, { key: 'export', permission: 'demo:bare:export' }],
      },
      {
        route: (config) => (config.url === '/demo/bare/list' ? ok(page(rows)) : undefined),
        can: (code) => {
          asked.push(code);
          return false;
        },
      },
    );
    await screen.findByText('甲公司');
    expect(visibleButtons()).toEqual(['新增', '高级查询']);
    expect(asked).toEqual(['demo:bare:export']);
  });
});
