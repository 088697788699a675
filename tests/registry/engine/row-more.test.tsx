import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userPage } from './definitions';
import { ok, page, paramsOf, renderPage, type Route } from './harness';

/** Rows with more than three links: the first two, then 更多 with the rest in a menu. */

const LIST = '/demo/user/list';
const users = [
  { id: '1', username: 'admin', status: 1 },
  { id: '2', username: 'frozen', status: 2 },
];

const definition = {
  ...userPage,
  api: { list: LIST, delete: '/demo/user/delete' },
  rowActions: [
    { key: 'edit', when: { field: 'status', operator: 'eq', value: 1 } },
    { key: 'detail' },
    {
      key: 'freeze',
      label: '冻结',
      url: '/demo/user/frozenBatch',
      method: 'put',
      when: { field: 'status', operator: 'eq', value: 1 },
    },
    { key: 'password', label: '重置密码', url: '/demo/user/password' },
    { key: 'delete' },
  ],
};

const server: Route = (config) => (config.url === LIST ? ok(page(users, 2)) : undefined);

const linksOf = (username: string) =>
  [...screen.getByText(username).closest('tr')!.querySelectorAll('a')].map((a) => a.textContent);

describe('row actions: 更多', { timeout: 20_000 }, () => {
  it('puts the links after the second under 更多 when a row has more than three', async () => {
    renderPage(definition, { route: server });
    await screen.findByText('admin');
    expect(linksOf('admin')).toEqual(['编辑', '详情', '更多 ']);
    // This row meets neither 编辑's nor 冻结's condition: three links, all inline.
    expect(linksOf('frozen')).toEqual(['详情', '重置密码', '删除']);
  });

  it('runs an action from the menu; 删除 asks first', async () => {
    const user = userEvent.setup();
    const h = renderPage(definition, { route: server });
    await screen.findByText('admin');
    const row = within(screen.getByText('admin').closest('tr')!);
    await user.click(row.getByText('更多'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['冻结', '重置密码', '删除']);
    await user.click(within(menu).getByText('删除'));
    expect(
      await screen.findByText('确定删除吗?', { selector: '.ant-modal-confirm-title' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/demo/user/delete')).toHaveLength(1));
    expect(paramsOf(h.calls('/demo/user/delete')[0]!)).toEqual({ id: '1' });
    // The list reloads after the delete; its loading veil blocks clicks until it is done.
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());

    await user.click(row.getByText('更多'));
    await user.click(within(await screen.findByRole('menu')).getByText('冻结'));
    await waitFor(() => expect(h.calls('/demo/user/frozenBatch')).toHaveLength(1));
  });
});
