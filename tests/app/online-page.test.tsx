import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../src/app/App';
import {
  ONLINE_LIST_COMPONENT,
  isPageComponent,
  pageCodeOf,
} from '../../src/app/pages/online/page-code';
import type { AppRoute } from '../../src/app/router/menu-routes';
import { Screen } from '../../src/app/router/screens';
import { permissionsAtom } from '../../src/app/state/atoms';
import { announcePageChange } from '../../src/runtime/page-changes';
import { envelope, type Responder } from '../runtime/fakes';
import { Providers, createTestServices } from './test-services';

const customer = {
  schemaVersion: 2,
  code: 'demo_customer',
  title: '客户管理',
  kind: 'list',
  table: { name: 'demo_customer', columns: [{ name: 'name', type: 'string' }] },
  fields: [{ name: 'name', label: '客户名称', type: 'input', query: true }],
};

const feedback = {
  schemaVersion: 2,
  code: 'feedback',
  title: '意见反馈',
  kind: 'form',
  api: {
    add: '/demo/feedback/add',
    edit: '/demo/feedback/edit',
    queryById: '/demo/feedback/queryById',
  },
  fields: [{ name: 'title', label: '标题', type: 'input' }],
};

function route(component: string, path: string, title = '客户管理'): AppRoute {
  return {
    id: path,
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component,
    hidden: false,
    meta: {
      title,
      keepAlive: false,
      componentName: '',
      permissionList: [],
      internalOrExternal: false,
    },
    children: [],
  };
}

const pages: Record<string, unknown> = { demo_customer: customer, feedback };

const server: Responder = (config) => {
  const url = config.url ?? '';
  if (url.startsWith('/online/page/')) {
    const definition = pages[url.slice('/online/page/'.length)];
    return {
      status: 200,
      data: definition
        ? envelope({ version: 3, definition })
        : envelope(null, { success: false, code: 404, message: `页面 ${url.slice(13)} 不存在` }),
    };
  }
  if (url === '/online/page/boom')
    return {
      status: 500,
      data: envelope(null, { success: false, code: 500, message: '服务器内部错误' }),
    };
  if (url.endsWith('/list')) {
    return {
      status: 200,
      data: envelope({
        records: [{ id: '1', name: '甲公司' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
    };
  }
  if (url === '/demo/feedback/queryById')
    return { status: 200, data: envelope({ id: 'f1', title: '旧标题' }) };
  return { status: 200, data: envelope(null) };
};

function show(appRoute: AppRoute, responder: Responder = server, path = appRoute.path) {
  const { services, server: fake } = createTestServices(responder);
  const store = createAppStore(services);
  store.set(permissionsAtom, {
    menu: [],
    auth: [{ action: 'online:demo_customer:add', type: '1', describe: '新增' }],
    allAuth: ['add', 'edit', 'delete', 'export', 'import'].map((a) => ({
      action: `online:demo_customer:${a}`,
      type: '1' as const,
      describe: a,
      status: '1' as const,
    })),
  });
  render(
    <Providers services={services} store={store} path={path}>
      <Screen route={appRoute} />
    </Providers>,
  );
  return fake;
}

describe('menu entry → page (shell.md §2)', { timeout: 20_000 }, () => {
  it('maps the online list component by the last path segment, and page/<code> by name', () => {
    expect(pageCodeOf(ONLINE_LIST_COMPONENT, '/online/cgformList/demo_customer')).toBe(
      'demo_customer',
    );
    expect(pageCodeOf('page/demo_customer', '/anything')).toBe('demo_customer');
    expect(pageCodeOf('page/Bad Code', '/x')).toBeNull();
    // The reference system's screens by their component names; unknown ones are no page.
    expect(pageCodeOf('system/UserList', '/isystem/user')).toBe('sys_user');
    expect(pageCodeOf('system/SysCheckRuleList', '/isystem/checkRule')).toBe('sys_check_rule');
    expect(pageCodeOf('system/LogList', '/isystem/log')).toBe('sys_log');
    expect(pageCodeOf('system/DataSourceList', '/isystem/dataSource')).toBeNull();
    expect(pageCodeOf('settings/NoticeMine', '/settings/notice/mine')).toBe('sys_notice_mine');
    expect(isPageComponent('system/DataSourceList')).toBe(false);
    expect(isPageComponent(ONLINE_LIST_COMPONENT)).toBe(true);
    expect(isPageComponent('page/x1')).toBe(true);
    expect(isPageComponent('dashboard/Analysis')).toBe(false);
  });

  it('says a screen is not configured when no page or screen is registered for it', async () => {
    show(route('system/DataSourceList', '/isystem/dataSource', '数据源管理'));
    expect(
      await screen.findByText('「数据源管理」页面尚未配置', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('opens the online list entry: fetches the definition and renders the page', async () => {
    const fake = show(route(ONLINE_LIST_COMPONENT, '/online/cgformList/demo_customer'));
    // The first render loads the engine and the renderers (lazy chunks).
    expect(await screen.findByText('甲公司', {}, { timeout: 10_000 })).toBeTruthy();
    expect(fake.requests.some((r) => r.url === '/online/page/demo_customer')).toBe(true);
  });

  it('gates buttons with the signed-in user permissions', async () => {
    show(route('page/demo_customer', '/crm/customer'));
    await screen.findByText('甲公司', {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('says 页面不存在 for a page the store does not have', async () => {
    show(route('page/ghost_page', '/ghost', '幽灵'));
    // The page screen's chunk loads first (slow on a busy machine).
    expect(await screen.findByText('页面不存在', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('ghost_page')).toBeTruthy();
  });

  it('says 页面加载失败 with the reason and retries', async () => {
    let fail = true;
    show(route('page/demo_customer', '/crm/customer'), (config) =>
      fail && config.url === '/online/page/demo_customer'
        ? {
            status: 500,
            data: envelope(null, { success: false, code: 500, message: '数据库不可用' }),
          }
        : server(config),
    );
    expect(await screen.findByText('页面加载失败', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('数据库不可用')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('甲公司')).toBeTruthy();
  });

  it("opens a stored page from a row action through the app's loadPage", async () => {
    const withContacts = {
      ...customer,
      code: 'demo_customer_contacts',
      rowActions: [
        {
          key: 'contacts',
          label: '联系人',
          open: { page: 'demo_contact', bind: { customerId: 'id' } },
        },
        { key: 'orders', label: '订单', open: { page: 'ghost_page' } },
      ],
    };
    const contact = {
      schemaVersion: 2,
      code: 'demo_contact',
      title: '联系人',
      kind: 'list',
      api: { list: '/demo/contact/list' },
      fields: [{ name: 'contactName', label: '姓名', type: 'input' }],
    };
    const stored: Record<string, unknown> = {
      ...pages,
      demo_customer_contacts: withContacts,
      demo_contact: contact,
    };
    const fake = show(route('page/demo_customer_contacts', '/crm/customer'), (config) => {
      const url = config.url ?? '';
      if (url.startsWith('/online/page/')) {
        const definition = stored[url.slice('/online/page/'.length)];
        return definition
          ? { status: 200, data: envelope({ version: 1, definition }) }
          : {
              status: 200,
              data: envelope(null, { success: false, code: 404, message: '页面不存在' }),
            };
      }
      if (url === '/demo/contact/list') {
        return { status: 200, data: envelope([{ id: 'c1', contactName: '张三' }]) };
      }
      return server(config);
    });
    const user = userEvent.setup();
    await screen.findByText('甲公司', {}, { timeout: 10_000 });
    await user.click(screen.getByText('联系人'));
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(fake.requests.find((r) => r.url === '/demo/contact/list')?.params).toMatchObject({
      customerId: '1',
    });
    await user.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    // The list reloads when the drawer closes; its loading veil blocks clicks until it is done.
    await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
    await user.click(screen.getByText('订单'));
    expect(await screen.findByText('页面 ghost_page 加载失败：页面不存在')).toBeTruthy();
  });

  it('an open page reads its definition again when the page is saved, and no other page does', async () => {
    let label = '客户名称';
    const fake = show(route('page/demo_customer', '/crm/customer'), (config) =>
      config.url === '/online/page/demo_customer'
        ? {
            status: 200,
            data: envelope({
              version: label === '客户名称' ? 3 : 4,
              definition: { ...customer, fields: [{ ...customer.fields[0], label }] },
            }),
          }
        : server(config),
    );
    await screen.findByText('甲公司', {}, { timeout: 10_000 });
    expect(screen.getByRole('columnheader', { name: '客户名称' })).toBeTruthy();
    const reads = () => fake.requests.filter((r) => r.url === '/online/page/demo_customer').length;
    const before = reads();
    announcePageChange('feedback');
    label = '客户全称';
    announcePageChange('demo_customer');
    expect(await screen.findByRole('columnheader', { name: '客户全称' })).toBeTruthy();
    expect(reads()).toBe(before + 1);
  });

  it('passes ?id= to a form page (edit mode)', async () => {
    const fake = show(route('page/feedback', '/feedback', '意见反馈'), server, '/feedback?id=f1');
    await waitFor(() =>
      expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('旧标题'),
    );
    expect(fake.requests.find((r) => r.url === '/demo/feedback/queryById')?.params).toMatchObject({
      id: 'f1',
    });
  });
});
