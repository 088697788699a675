import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PanelProps } from '../../../registry/engine';
import { ok, page, paramsOf, renderPage, type Route } from './harness';

const ROLES = '/demo/role/list';
const ROLE_USERS = '/demo/role/users';

const rolePage = {
  schemaVersion: 2,
  code: 'demo_role',
  title: '角色管理',
  kind: 'list',
  api: { list: ROLES },
  fields: [{ name: 'roleName', label: '角色名称', type: 'input' }],
  rowActions: [
    { key: 'users', label: '用户', open: { page: 'demo_role_user', bind: { roleId: 'id' } } },
    {
      key: 'auth',
      label: '授权',
      open: { panel: 'roleAuth', title: '角色授权', width: 500, bind: { roleId: 'id' } },
    },
    { key: 'rules', label: '数据规则', open: { panel: 'dataRules' } },
  ],
  toolbar: [{ key: 'authAll', label: '批量授权', open: { panel: 'roleAuth' } }],
};

/** The page the 用户 action opens: the users of one role. */
const roleUserPage = {
  schemaVersion: 2,
  code: 'demo_role_user',
  title: '角色用户',
  kind: 'list',
  api: { list: ROLE_USERS, add: '/demo/role/addUser', exportXls: '/demo/role/exportUsers' },
  fields: [
    { name: 'roleId', label: '角色', type: 'input', query: true, list: false },
    { name: 'username', label: '账号', type: 'input', query: true },
  ],
};

const roles = [
  { id: 'r1', roleName: '管理员' },
  { id: 'r2', roleName: '访客' },
];

const server: Route = (config) => {
  if (config.url === ROLES) return ok(page(roles, 2));
  if (config.url === ROLE_USERS) return ok(page([{ id: 'u1', username: 'admin', roleId: 'r1' }]));
  if (config.url === '/demo/role/addUser') return ok(null, '新增成功！');
  return undefined;
};

const storedPages: Record<string, unknown> = { demo_role_user: roleUserPage };
const loadPage = vi.fn(async (code: string) => {
  if (code in storedPages) return storedPages[code];
  throw new Error(`页面 ${code} 不存在`);
});

async function drawer() {
  await waitFor(() => expect(document.querySelector('.ant-drawer-content')).toBeTruthy());
  return within(document.querySelector<HTMLElement>('.ant-drawer-content')!);
}

async function clickRow(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  await screen.findByText(name);
  await user.click(within(screen.getByText(name).closest('tr')!).getByText(label));
}

describe('actions that open a stored page', { timeout: 20_000 }, () => {
  it('renders the page in a drawer, bound to the row: its list calls carry the value', async () => {
    const user = userEvent.setup();
    const h = renderPage(rolePage, { route: server, loadPage });
    await clickRow(user, '管理员', '用户');
    const inside = await drawer();
    expect(await inside.findByText('admin')).toBeTruthy();
    expect(inside.getByText('用户')).toBeTruthy(); // the title: the action label by default
    expect(loadPage).toHaveBeenCalledWith('demo_role_user');
    expect(paramsOf(h.calls(ROLE_USERS)[0]!)).toMatchObject({ roleId: 'r1' });
    // The bound field is not asked in the query form; the others are.
    expect(inside.getByPlaceholderText('请输入账号')).toBeTruthy();
    expect(inside.queryByPlaceholderText('请输入角色')).toBeNull();
    await user.type(inside.getByPlaceholderText('请输入账号'), 'ad');
    await user.click(inside.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(ROLE_USERS)).toHaveLength(2));
    expect(paramsOf(h.calls(ROLE_USERS)[1]!)).toMatchObject({ roleId: 'r1', username: '*ad*' });
  });

  it('new records of the opened page start with the bound value and are saved with it', async () => {
    const user = userEvent.setup();
    const h = renderPage(rolePage, { route: server, loadPage });
    await clickRow(user, '访客', '用户');
    const inside = await drawer();
    await inside.findByText('admin');
    await user.click(inside.getByRole('button', { name: /新\s*增/ }));
    const title = await screen.findByText('新增', { selector: '.ant-modal-title' });
    const form = within(title.closest<HTMLElement>('.ant-modal-content')!);
    expect((form.getByLabelText('角色') as HTMLInputElement).value).toBe('r2');
    await user.type(form.getByLabelText('账号'), 'guest');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/demo/role/addUser')).toHaveLength(1));
    expect(JSON.parse(String(h.calls('/demo/role/addUser')[0]!.data))).toEqual({
      roleId: 'r2',
      username: 'guest',
    });
  });

  it('the export of the opened page carries the bound value', async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const h = renderPage(rolePage, {
      route: (config, params) =>
        config.url === '/demo/role/exportUsers'
          ? { status: 200, data: new Blob(['xlsx']) }
          : server(config, params),
      loadPage,
    });
    await clickRow(user, '管理员', '用户');
    const inside = await drawer();
    await inside.findByText('admin');
    await user.click(inside.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(h.calls('/demo/role/exportUsers')).toHaveLength(1));
    expect(paramsOf(h.calls('/demo/role/exportUsers')[0]!)).toMatchObject({ roleId: 'r1' });
    vi.restoreAllMocks();
  });

  it('closing the drawer reloads the list that opened it', async () => {
    const user = userEvent.setup();
    const h = renderPage(rolePage, { route: server, loadPage });
    await clickRow(user, '管理员', '用户');
    const inside = await drawer();
    await inside.findByText('admin');
    expect(h.calls(ROLES)).toHaveLength(1);
    await user.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(h.calls(ROLES)).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('.ant-drawer-content')).toBeNull());
  });

  it('says so in the drawer when the page cannot be loaded', async () => {
    const user = userEvent.setup();
    renderPage(
      {
        ...rolePage,
        rowActions: [{ key: 'users', label: '用户', open: { page: 'demo_missing' } }],
      },
      { route: server, loadPage },
    );
    await clickRow(user, '管理员', '用户');
    const inside = await drawer();
    expect(
      await inside.findByText('页面 demo_missing 加载失败：页面 demo_missing 不存在'),
    ).toBeTruthy();
  });

  it('says so when the host cannot load pages at all', async () => {
    const user = userEvent.setup();
    renderPage(rolePage, { route: server });
    await clickRow(user, '管理员', '用户');
    const inside = await drawer();
    expect(
      await inside.findByText('页面 demo_role_user 加载失败：当前环境不支持打开其他页面'),
    ).toBeTruthy();
  });

  it('checks the opened page like any page', async () => {
    const user = userEvent.setup();
    renderPage(rolePage, {
      route: server,
      loadPage: async () => ({ ...roleUserPage, fields: [] }),
    });
    await clickRow(user, '管理员', '用户');
    const inside = await drawer();
    expect(inside.getByTestId('page-definition-error')).toBeTruthy();
    expect(
      inside.getByText('页面 「角色用户」（demo_role_user） 的定义有误，无法显示'),
    ).toBeTruthy();
  });
});

describe('actions that open a panel', { timeout: 20_000 }, () => {
  function AuthPanel({ row, bound, onChanged, onClose }: PanelProps) {
    return (
      <div>
        <p>授权给：{row ? String(row.roleName) : '所选角色'}</p>
        <p>绑定：{JSON.stringify(bound)}</p>
        <button type="button" onClick={onChanged}>
          保存授权
        </button>
        <button type="button" onClick={onClose}>
          完成
        </button>
      </div>
    );
  }

  it('shows the registered panel with the row; its onChanged reloads the list', async () => {
    const user = userEvent.setup();
    const h = renderPage(rolePage, { route: server, panels: { roleAuth: AuthPanel } });
    await clickRow(user, '访客', '授权');
    const inside = await drawer();
    expect(inside.getByText('角色授权')).toBeTruthy();
    expect(inside.getByText('授权给：访客')).toBeTruthy();
    expect(inside.getByText('绑定：{"roleId":"r2"}')).toBeTruthy();
    await user.click(inside.getByRole('button', { name: '保存授权' }));
    await waitFor(() => expect(h.calls(ROLES)).toHaveLength(2));
    expect(document.querySelector('.ant-drawer-content')).toBeTruthy();
    await user.click(inside.getByRole('button', { name: '完成' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-content')).toBeNull());
  });

  it('a toolbar action opens its panel without a row', async () => {
    const user = userEvent.setup();
    renderPage(rolePage, { route: server, panels: { roleAuth: AuthPanel } });
    await screen.findByText('管理员');
    await user.click(screen.getByRole('button', { name: '批量授权' }));
    const inside = await drawer();
    expect(inside.getByText('授权给：所选角色')).toBeTruthy();
    expect(inside.getByText('绑定：{}')).toBeTruthy();
  });

  it('an unregistered panel says so in the drawer', async () => {
    const user = userEvent.setup();
    renderPage(rolePage, { route: server, panels: { roleAuth: AuthPanel } });
    await clickRow(user, '管理员', '数据规则');
    const inside = await drawer();
    expect(inside.getByText('未注册的面板：dataRules')).toBeTruthy();
  });

  it('a panel that brings its own container shows without the drawer', async () => {
    const user = userEvent.setup();
    const h = renderPage(rolePage, {
      route: server,
      panels: { roleAuth: AuthPanel },
      ownContainerPanels: new Set(['roleAuth']),
    });
    await clickRow(user, '访客', '授权');
    expect(await screen.findByText('授权给：访客')).toBeTruthy();
    expect(screen.getByText('绑定：{"roleId":"r2"}')).toBeTruthy();
    expect(document.querySelector('.ant-drawer')).toBeNull();
    // Closing it reloads the list, as closing the drawer does.
    await user.click(screen.getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByText('授权给：访客')).toBeNull());
    await waitFor(() => expect(h.calls(ROLES)).toHaveLength(2));
  });
});
