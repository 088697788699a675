import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, paramsOf, renderPage, type Route } from './harness';

/** A page opened bound to a row (`open.bind`) sends the bound values with its own url actions. */

const ROLES = '/demo/role/list';
const ROLE_USERS = '/demo/user/userRoleList';
const REMOVE = '/demo/user/deleteUserRole';
const ADD = '/demo/user/addSysUserRole';
const MOVE = '/demo/user/moveUserRole';

const rolePage = {
  schemaVersion: 2,
  code: 'demo_role',
  title: '角色管理',
  kind: 'list',
  api: { list: ROLES },
  fields: [{ name: 'roleName', label: '角色名称', type: 'input' }],
  rowActions: [
    { key: 'users', label: '用户', open: { page: 'demo_role_user', bind: { roleId: 'id' } } },
  ],
};

const roleUserPage = {
  schemaVersion: 2,
  code: 'demo_role_user',
  title: '角色用户',
  kind: 'list',
  api: { list: ROLE_USERS },
  fields: [{ name: 'username', label: '账号', type: 'input' }],
  toolbar: [
    {
      key: 'addUsers',
      label: '添加用户',
      url: ADD,
      form: {
        fields: [
          {
            name: 'userIdList',
            label: '用户',
            type: 'select',
            options: [{ value: 'u2', text: '张三' }],
            validateRules: [{ required: true }],
          },
        ],
      },
    },
  ],
  rowActions: [
    {
      key: 'unlink',
      label: '取消关联',
      url: REMOVE,
      method: 'delete',
      confirm: '确定取消关联吗?',
      rowParams: { userId: 'id' },
    },
    // A row value and a fixed value of the same name win over the bound one.
    { key: 'move', label: '移到', url: MOVE, rowParams: { roleId: 'otherRole' } },
    { key: 'fixed', label: '固定', url: MOVE, method: 'get', params: { roleId: 'r9' } },
  ],
};

const server: Route = (config) => {
  if (config.url === ROLES) return ok(page([{ id: 'r1', roleName: '管理员' }], 1));
  if (config.url === ROLE_USERS) {
    return ok(page([{ id: 'u1', username: 'admin', otherRole: 'r5' }], 1));
  }
  if (config.url === REMOVE || config.url === ADD || config.url === MOVE) return ok(null, '成功');
  return undefined;
};

const loadPage = async () => roleUserPage;

async function openRoleUsers() {
  const user = userEvent.setup();
  const h = renderPage(rolePage, { route: server, loadPage });
  await screen.findByText('管理员');
  await user.click(within(screen.getByText('管理员').closest('tr')!).getByText('用户'));
  await waitFor(() => expect(document.querySelector('.ant-drawer-content')).toBeTruthy());
  const drawer = within(document.querySelector<HTMLElement>('.ant-drawer-content')!);
  await drawer.findByText('admin');
  const row = within(drawer.getByText('admin').closest('tr')!);
  return { user, h, drawer, row };
}

describe('url actions of a bound page', { timeout: 20_000 }, () => {
  it('a row action sends the bound value with the row id and its rowParams', async () => {
    const { user, h, row } = await openRoleUsers();
    await user.click(row.getByText('取消关联'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(REMOVE)).toHaveLength(1));
    const call = h.calls(REMOVE)[0]!;
    expect(call.method).toBe('delete');
    expect(paramsOf(call)).toEqual({ roleId: 'r1', id: 'u1', ids: 'u1', userId: 'u1' });
    // The list of the bound page reloads, still bound.
    await waitFor(() => expect(h.calls(ROLE_USERS)).toHaveLength(2));
    expect(paramsOf(h.calls(ROLE_USERS)[1]!)).toMatchObject({ roleId: 'r1' });
  });

  it('a toolbar action with a form sends the bound value with the values asked', async () => {
    const { user, h, drawer } = await openRoleUsers();
    await user.click(drawer.getByRole('button', { name: '添加用户' }));
    const title = await screen.findByText('添加用户', { selector: '.ant-modal-title' });
    const dialog = within(title.closest<HTMLElement>('.ant-modal-content')!);
    await user.selectOptions(dialog.getByLabelText('用户'), 'u2');
    await user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(ADD)).toHaveLength(1));
    expect(JSON.parse(String(h.calls(ADD)[0]!.data))).toEqual({
      roleId: 'r1',
      ids: '',
      userIdList: 'u2',
    });
  });

  it('the bound values come first: rowParams and params of the same name win', async () => {
    const { user, h, row } = await openRoleUsers();
    await user.click(row.getByText('移到'));
    await waitFor(() => expect(h.calls(MOVE)).toHaveLength(1));
    expect(JSON.parse(String(h.calls(MOVE)[0]!.data))).toMatchObject({ roleId: 'r5', id: 'u1' });
    await user.click(row.getByText('固定'));
    await waitFor(() => expect(h.calls(MOVE)).toHaveLength(2));
    expect(paramsOf(h.calls(MOVE)[1]!)).toMatchObject({ roleId: 'r9', id: 'u1' });
  });

  it('a page that is not bound sends only its own values', async () => {
    const user = userEvent.setup();
    const h = renderPage(roleUserPage, { route: server });
    await screen.findByText('admin');
    await user.click(within(screen.getByText('admin').closest('tr')!).getByText('取消关联'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(REMOVE)).toHaveLength(1));
    expect(paramsOf(h.calls(REMOVE)[0]!)).toEqual({ id: 'u1', ids: 'u1', userId: 'u1' });
  });
});
