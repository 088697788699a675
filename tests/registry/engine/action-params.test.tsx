import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userPage } from './definitions';
import { ok, page, paramsOf, renderPage, type Route } from './harness';

const LIST = '/demo/user/list';
const users = [
  { id: '1', username: 'admin', realname: '管理员' },
  { id: '2', username: 'jeecg', realname: '普通用户' },
];
const server =
  (extra: Route = () => undefined): Route =>
  async (config, params) =>
    (await extra(config, params)) ?? (config.url === LIST ? ok(page(users, 2)) : undefined);

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

describe('custom url actions: params and rowParams', { timeout: 20_000 }, () => {
  it('a row action sends its id, the rowParams of its row and its fixed params', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...userPage,
        rowActions: [
          {
            key: 'freeze',
            label: '冻结',
            url: '/demo/user/frozenBatch',
            method: 'put',
            confirm: '确定冻结吗?',
            rowParams: { username: 'username', phone: 'phone' },
            params: { status: '2' },
          },
        ],
      },
      {
        route: server((config) =>
          config.url === '/demo/user/frozenBatch' ? ok(null, '冻结成功') : undefined,
        ),
      },
    );
    await screen.findByText('admin');
    await user.click(rowOf('admin').getByText('冻结'));
    expect(await screen.findByText('确定冻结吗?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('冻结成功')).toBeTruthy();
    const call = h.calls('/demo/user/frozenBatch')[0]!;
    expect(call.method).toBe('put');
    // The row has no phone: a row value that is absent is left out, not sent empty.
    expect(JSON.parse(String(call.data))).toEqual({
      id: '1',
      ids: '1',
      username: 'admin',
      status: '2',
    });
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
  });

  it('a GET toolbar action sends the selected ids and its params in the query string', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...userPage,
        toolbar: [
          {
            key: 'sync',
            label: '同步',
            url: '/demo/user/sync',
            method: 'get',
            params: { force: true, level: 2 },
          },
        ],
      },
      { route: server() },
    );
    await screen.findByText('admin');
    for (const name of ['admin', 'jeecg']) await user.click(rowOf(name).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /同\s*步/ }));
    await waitFor(() => expect(h.calls('/demo/user/sync')).toHaveLength(1));
    const call = h.calls('/demo/user/sync')[0]!;
    expect(call.method).toBe('get');
    expect(paramsOf(call)).toEqual({ ids: '1,2', force: 'true', level: '2' });
    expect(call.data).toBeUndefined();
  });

  it('params win over the id data they name again', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...userPage,
        rowActions: [{ key: 'top', label: '置顶', url: '/demo/user/top', params: { ids: 'all' } }],
      },
      { route: server() },
    );
    await screen.findByText('admin');
    await user.click(rowOf('jeecg').getByText('置顶'));
    await waitFor(() => expect(h.calls('/demo/user/top')).toHaveLength(1));
    expect(JSON.parse(String(h.calls('/demo/user/top')[0]!.data))).toEqual({
      id: '2',
      ids: 'all',
    });
  });
});
