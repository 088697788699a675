import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { App, createAppStore } from '../../../src/app/App';
import { tabsAtom } from '../../../src/app/tabs/tabs-atom';
import type { PermissionPayload } from '../../../src/contracts/permission';
import type { LoginResult } from '../../../src/contracts/session';
import { createExpiringCache } from '../../../src/runtime/expiring-cache';
import { writeStoredTabs } from '../../../src/app/tabs/tabs-storage';
import { EMPTY_TABS, openTab } from '../../../src/app/tabs/tabs';
import { envelope, type Reply, userInfo } from '../../runtime/fakes';
import { meta } from './menu-fixture';
import { createTestServices } from '../test-services';

const user = userInfo({ id: 'u-staff', username: 'staff' });

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
      id: 'users',
      path: '/isystem/user',
      name: 'isystem-user',
      component: 'some/Screen',
      route: '1',
      meta: meta('用户管理'),
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

/** Paths of menu screens that exist for someone (the server's menu, not this user's). */
const KNOWN = ['/dashboard/analysis', '/isystem/user', '/isystem/role'];

function backend(config: InternalAxiosRequestConfig): Reply {
  switch (config.url) {
    case '/module/default/member/admin/user-info':
      return { status: 200, data: envelope(user) };
    case '/sys/permission/getUserPermissionByToken':
      return { status: 200, data: envelope(permissions) };
    case '/sys/permission/menuPathStatus': {
      const path = (config.params as { path: string }).path;
      return { status: 200, data: envelope({ known: KNOWN.includes(path) }) };
    }
    default:
      return { status: 200, data: envelope({}) };
  }
}

/** The app after a reload, signed in as `user`. */
function renderSignedIn(path: string) {
  window.history.replaceState(null, '', path);
  const harness = createTestServices(backend);
  harness.services.session.saveLogin(login);
  harness.services.session.setUser(user);
  const store = createAppStore(harness.services);
  render(<App services={harness.services} store={store} />);
  return { ...harness, store, user: userEvent.setup({ delay: null }) };
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const here = () => window.location.pathname + window.location.search;

beforeAll(async () => {
  await Promise.all([
    import('../../../src/app/layouts/MainLayout'),
    import('../../../src/app/pages/PageNotConfigured'),
    import('../../../src/app/pages/ForbiddenPage'),
    import('../../../src/app/pages/NotFoundPage'),
  ]);
});

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a path the user may not open', () => {
  it('is 403 when it is a screen of the menu, with a way home', async () => {
    const { user: clicker } = renderSignedIn('/isystem/role');
    expect(await screen.findByText('没有权限访问此页面')).toBeTruthy();
    expect(here()).toBe('/isystem/role');
    await clicker.click(screen.getByRole('button', { name: /返回首页/ }));
    await settle();
    expect(here()).toBe('/dashboard/analysis');
  });

  it('is 404 when no menu has it', async () => {
    renderSignedIn('/isystem/nothing-here');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(here()).toBe('/404');
    expect(screen.queryByText('没有权限访问此页面')).toBeNull();
  });
});

describe('open tabs', () => {
  it('come back after a reload, without those the user may no longer open', async () => {
    const cache = createExpiringCache(window.localStorage);
    const before = [
      ['/dashboard/analysis', '首页'],
      ['/isystem/role', '角色管理'],
      ['/isystem/user', '用户管理'],
    ].reduce((s, [path, title]) => openTab(s, path!, title!), EMPTY_TABS);
    writeStoredTabs(cache, user.id, before);

    const { store } = renderSignedIn('/dashboard/analysis');
    expect(await screen.findAllByText('用户管理')).not.toHaveLength(0);
    await settle();
    expect(store.get(tabsAtom).tabs.map((t) => t.path)).toEqual([
      '/dashboard/analysis',
      '/isystem/user',
    ]);
  });

  it('are not those of another user', async () => {
    const cache = createExpiringCache(window.localStorage);
    writeStoredTabs(cache, 'someone-else', openTab(EMPTY_TABS, '/isystem/user', '用户管理'));
    const { store } = renderSignedIn('/dashboard/analysis');
    expect(await screen.findAllByText('首页')).not.toHaveLength(0);
    await settle();
    expect(store.get(tabsAtom).tabs.map((t) => t.path)).toEqual(['/dashboard/analysis']);
  });
});
