import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createAppStore } from '../../src/app/App';
import { permissionsAtom, tokenAtom, userAtom } from '../../src/app/state/atoms';
import { useLoadPermissions, useLogout } from '../../src/app/state/session-actions';
import { tabsAtom } from '../../src/app/tabs/tabs-atom';
import { EMPTY_TABS, openTab } from '../../src/app/tabs/tabs';
import type { PermissionPayload } from '../../src/contracts/permission';
import type { UserInfo } from '../../src/contracts/session';
import { CacheKey } from '../../src/runtime/constants';
import { envelope, failure, type Responder, userInfo } from '../runtime/fakes';
import { Providers, createTestServices } from './test-services';

const admin: UserInfo = userInfo();

const payload: PermissionPayload = {
  menu: [],
  auth: [{ action: 'user:add', type: '1', describe: '添加' }],
  allAuth: [{ action: 'user:add', type: '1', describe: '添加', status: '1' }],
};

function signedIn(responder: Responder) {
  const harness = createTestServices(responder);
  const { session, cache } = harness.services;
  session.saveLogin({ tokenValue: 'tok-1', sessionTimeout: 3600, publicKey: '', privateKey: '' });
  session.setUser(admin);
  session.setAuth(payload);
  cache.set(CacheKey.DICTS, { sex: [] });
  const store = createAppStore(harness.services);
  store.set(permissionsAtom, payload);
  store.set(tabsAtom, openTab(EMPTY_TABS, '/system/user', '用户管理'));
  const wrapper = ({ children }: { readonly children: ReactNode }) => (
    <Providers services={harness.services} store={store}>
      {children}
    </Providers>
  );
  return { ...harness, store, wrapper };
}

describe('logout (shell.md §4)', () => {
  it('clears token, permissions, user, dictionaries and tabs after the server call', async () => {
    const { services, store, server, wrapper } = signedIn(() => ({
      status: 200,
      data: envelope(null),
    }));
    const { result } = renderHook(() => useLogout(), { wrapper });
    let failureMessage: string | null = 'unset';
    await act(async () => {
      failureMessage = await result.current();
    });
    expect(failureMessage).toBeNull();
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ['post', '/module/default/member/admin/logout'],
    ]);
    expect(services.session.getToken()).toBeNull();
    expect(services.session.getUser()).toBeNull();
    expect(services.session.getAuth()).toBeNull();
    expect(services.cache.get(CacheKey.DICTS)).toBeNull();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(permissionsAtom)).toBeNull();
    expect(store.get(tabsAtom)).toEqual(EMPTY_TABS);
  });

  it('leaves the page in the same step as it clears the session, whatever the server said', async () => {
    for (const status of [200, 500]) {
      const { store, wrapper } = signedIn(() => ({
        status,
        data: status === 200 ? envelope(null) : failure(500, '注销服务异常'),
      }));
      const { result } = renderHook(() => useLogout(), { wrapper });
      const seen: (string | null)[] = [];
      await act(async () => {
        await result.current(() => seen.push(store.get(tokenAtom)));
      });
      // Called once, with the token already gone: the guard never sees the old page tokenless.
      expect(seen).toEqual([null]);
    }
  });

  it('succeeds on the client whatever the server answers, and reports the failure', async () => {
    const { services, store, presenter, wrapper } = signedIn(() => ({
      status: 500,
      data: failure(500, '注销服务异常'),
    }));
    const { result } = renderHook(() => useLogout(), { wrapper });
    let failureMessage: string | null = null;
    await act(async () => {
      failureMessage = await result.current();
    });
    expect(failureMessage).toBe('注销服务异常');
    expect(presenter.shown).toEqual([]);
    expect(services.session.getToken()).toBeNull();
    expect(store.get(tabsAtom)).toEqual(EMPTY_TABS);
  });

  it('does not report an already-ended session (401) as a failure', async () => {
    const { services, wrapper } = signedIn(() => ({
      status: 401,
      data: failure(401, 'Token失效，请重新登录!'),
    }));
    const { result } = renderHook(() => useLogout(), { wrapper });
    let failureMessage: string | null = 'unset';
    await act(async () => {
      failureMessage = await result.current();
    });
    expect(failureMessage).toBeNull();
    expect(services.session.getToken()).toBeNull();
  });
});

describe('loading permissions after sign-in', () => {
  it('stores the button permissions and publishes the payload', async () => {
    const { services, store, wrapper } = signedIn(() => ({
      status: 200,
      data: envelope(payload),
    }));
    store.set(permissionsAtom, null);
    services.cache.remove(CacheKey.USER_AUTH);
    const { result } = renderHook(() => useLoadPermissions(), { wrapper });
    await act(async () => {
      await result.current();
    });
    expect(store.get(permissionsAtom)).toEqual(payload);
    expect(services.session.getAuth()).toEqual({ auth: payload.auth, allAuth: payload.allAuth });
  });

  it('reads the kept user again once per page load, so a changed avatar shows after a reload', async () => {
    const changed = userInfo({ avatar: 'avatar/20261127/new.png' });
    const { services, store, server, wrapper } = signedIn((config) => ({
      status: 200,
      data: envelope(config.url?.endsWith('/user-info') ? changed : payload),
    }));
    const { result } = renderHook(() => useLoadPermissions(), { wrapper });
    await act(async () => {
      await result.current();
    });
    expect(store.get(userAtom)?.avatar).toBe('avatar/20261127/new.png');
    expect(services.session.getUser()?.avatar).toBe('avatar/20261127/new.png');
    await act(async () => {
      await result.current();
    });
    const userReads = server.requests.filter((r) => r.url?.endsWith('/user-info'));
    expect(userReads).toHaveLength(1);
  });

  it('fails with the server message when the payload is refused', async () => {
    const { store, wrapper } = signedIn(() => ({
      status: 200,
      data: failure(510, '没有权限，请联系管理员授权'),
    }));
    store.set(permissionsAtom, null);
    const { result } = renderHook(() => useLoadPermissions(), { wrapper });
    await act(async () => {
      await expect(result.current()).rejects.toThrow('没有权限，请联系管理员授权');
    });
    expect(store.get(permissionsAtom)).toBeNull();
  });
});
