import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { App, createAppStore } from '../../src/app/App';
import { tokenAtom, userAtom } from '../../src/app/state/atoms';
import type { PermissionPayload } from '../../src/contracts/permission';
import type { LoginResult, UserInfo } from '../../src/contracts/session';
import { envelope, failure, type Reply, userInfo } from '../runtime/fakes';
import { meta } from './router/menu-fixture';
import { ORIGIN, createTestServices } from './test-services';

const admin: UserInfo = userInfo();

const permissions: PermissionPayload = {
  menu: [
    {
      id: 'home',
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      route: '1',
      meta: meta('首页'),
    },
    {
      id: 'system',
      path: '/system',
      name: 'system',
      component: 'layouts/RouteView',
      route: '1',
      meta: meta('系统管理'),
      children: [
        {
          id: 'user',
          path: '/system/user',
          name: 'system-user',
          component: 'system/UserList',
          route: '1',
          meta: meta('用户管理'),
        },
      ],
    },
  ],
  auth: [],
  allAuth: [],
};

const login: LoginResult = {
  tokenValue: 'tok-1',
  sessionTimeout: 3600,
  publicKey: '',
  privateKey: '',
};

/** The demo server, enough for sign-in and the shell. */
function backend(config: InternalAxiosRequestConfig): Reply {
  switch (config.url) {
    case '/module/default/configCenter/admin/nl/get':
      return {
        status: 200,
        data: envelope({ companyName: '示例公司', productName: '示例后台', productSlogan: '' }),
      };
    case '/module/default/member/admin/nl/login': {
      const body = JSON.parse(String(config.data)) as { username: string; password: string };
      return body.password === '123456'
        ? { status: 200, data: envelope(login) }
        : { status: 200, data: failure(500, '用户名或密码错误') };
    }
    case '/module/default/member/admin/user-info':
      return { status: 200, data: envelope(admin) };
    case '/sys/permission/getUserPermissionByToken':
      return { status: 200, data: envelope(permissions) };
    default:
      return { status: 200, data: envelope({}) };
  }
}

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const harness = createTestServices(backend);
  const store = createAppStore(harness.services);
  render(<App services={harness.services} store={store} />);
  return { ...harness, store, user: userEvent.setup({ delay: null }) };
}

/** Lets queued effects and navigations run. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const here = () => window.location.pathname + window.location.search;

beforeAll(async () => {
  // The app loads its layouts and pages lazily; load the chunks once so that the first test
  // does not spend its waiting time on module transformation.
  await Promise.all([
    import('../../src/app/layouts/UserLayout'),
    import('../../src/app/pages/login/LoginPage'),
    import('../../src/app/layouts/MainLayout'),
    import('../../src/app/pages/PageNotConfigured'),
  ]);
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('App', () => {
  it('calls the API at origin + /system', () => {
    const { services } = createTestServices(backend);
    expect(services.baseURL).toBe(`${ORIGIN}/system`);
  });

  it('sends an unauthenticated visit to the login page with the full path as redirect', async () => {
    renderApp('/system/user?page=2');
    expect(await screen.findByText('账号密码登录')).toBeTruthy();
    expect(here()).toBe('/user/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2');
    expect(await screen.findByText('示例后台')).toBeTruthy();
  });

  it('shows the server refusal of a wrong password', async () => {
    const { user } = renderApp('/user/login');
    await user.type(await screen.findByPlaceholderText('账号'), 'admin');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(here()).toBe('/user/login');
  });

  it('signs in and returns to the original path', async () => {
    const { user, store, services, server } = renderApp('/system/user?page=2');
    await user.type(await screen.findByPlaceholderText('账号'), 'admin');
    await user.type(screen.getByPlaceholderText('密码'), '123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    // The main layout is up once the menu is there; let pending navigations settle.
    expect(await screen.findAllByText('系统管理')).not.toHaveLength(0);
    await settle();
    await settle();

    expect(here()).toBe('/system/user?page=2');
    expect(document.title).toBe('用户管理 - 示例后台');
    expect(services.session.getToken()).toBe('tok-1');
    expect(store.get(tokenAtom)).toBe('tok-1');
    expect(store.get(userAtom)?.username).toBe('admin');
    const loginCall = server.requests.find((r) => r.url?.endsWith('/nl/login'));
    expect(JSON.parse(String(loginCall?.data))).toEqual({
      scenario: 'defaultAdminLogin',
      username: 'admin',
      password: '123456',
    });
    expect(server.requests.map((r) => r.url)).toContain('/sys/permission/getUserPermissionByToken');
  });

  it('the atoms follow the session when the runtime ends it', () => {
    const { services, store } = renderApp('/user/login');
    services.session.saveLogin(login);
    services.session.setUser(admin);
    expect(store.get(tokenAtom)).toBe('tok-1');
    services.session.clear();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
  });
});
