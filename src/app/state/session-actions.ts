import { useCallback } from 'react';
import { useSetAtom, useStore } from 'jotai';
import type { LoginResult } from '../../contracts/session';
import type { LoginRequest } from '../../contracts/session-schema';
import { unwrap } from '../../runtime/api';
import { HttpError } from '../../runtime/http';
import { useServices } from '../services';
import { permissionsAtom, tokenAtom, userAtom, welcomeAtom } from './atoms';
import { greeting } from '../header/greeting';
import { tabsAtom } from '../tabs/tabs-atom';
import { EMPTY_TABS } from '../tabs/tabs';
import { storedTabsKey } from '../tabs/tabs-storage';

/**
 * Sessions whose user was read from the server since this page loaded: the permissions load
 * after a sign-in then does not ask for it again (after a reload it does).
 */
const userReadThisPage = new WeakSet<object>();

/**
 * Finishes any sign-in (password, phone, single sign-on): stores the token, then reads the
 * user; permissions load on the next navigation.
 */
export function useFinishLogin() {
  const { api, session, dicts } = useServices();
  const store = useStore();
  return useCallback(
    async (result: LoginResult) => {
      session.saveLogin(result);
      const user = unwrap(await api.userInfo());
      session.setUser(user);
      userReadThisPage.add(session);
      store.set(permissionsAtom, null);
      store.set(tokenAtom, result.tokenValue);
      store.set(userAtom, user);
      store.set(welcomeAtom, `${greeting(new Date().getHours())}，${user.realname}，欢迎回来`);
      // Dictionaries warm up in the background; screens fetch on a miss anyway.
      void dicts.refresh().catch(() => undefined);
      return user;
    },
    [api, session, dicts, store],
  );
}

/** Signs in with a name and password. */
export function useLogin() {
  const { api, certificate } = useServices();
  const finish = useFinishLogin();
  return useCallback(
    async (request: LoginRequest) => {
      // Certificate mode: the uploaded certificate goes with every login (null: none kept).
      const pem = certificate.get();
      return finish(unwrap(await api.login(pem ? { ...request, certificate: pem } : request)));
    },
    [api, certificate, finish],
  );
}

/**
 * Signs out: a best-effort server call, then everything the session held in the browser
 * (token, user, permissions, dictionaries, open tabs, also those kept for a reload) is dropped whatever the server said.
 * `leave` (the navigation away) runs in the same tick as the clearing, so the guard never
 * renders the old page without a token (which would add a `?redirect=` to the login url).
 * Returns the error message to show when the server call failed for another reason than an
 * already-ended session.
 */
export function useLogout() {
  const { api, session, cache } = useServices();
  const store = useStore();
  return useCallback(
    async (leave?: () => void): Promise<string | null> => {
      let failure: string | null = null;
      let casLogoutUrl: string | undefined;
      try {
        const envelope = await api.logout();
        if (!envelope.success) failure = envelope.message;
        else casLogoutUrl = envelope.result?.casLogoutUrl;
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 401)) {
          failure = error instanceof Error ? error.message : String(error);
        }
      } finally {
        const userId = store.get(userAtom)?.id;
        if (userId) cache.remove(storedTabsKey(userId));
        session.clear();
        store.set(permissionsAtom, null);
        store.set(tokenAtom, null);
        store.set(userAtom, null);
        store.set(tabsAtom, EMPTY_TABS);
        leave?.();
        // A CAS session signs out of CAS too (the server names its logout page).
        if (casLogoutUrl && /^https?:\/\//.test(casLogoutUrl)) window.location.assign(casLogoutUrl);
      }
      return failure;
    },
    [api, session, cache, store],
  );
}

/**
 * Fetches the permission payload and, once per page load, the user (alongside): what was
 * changed since it was kept (an avatar, a name, on 用户管理) shows after a reload without
 * signing in again, and a sign-in, which has just read it, does not read it twice.
 */
export function useLoadPermissions() {
  const { api, session } = useServices();
  const setPermissions = useSetAtom(permissionsAtom);
  const setUser = useSetAtom(userAtom);
  return useCallback(async () => {
    const [permissions, fresh] = await Promise.all([
      api.permissions(),
      userReadThisPage.has(session) ? null : api.userInfo(),
    ]);
    const payload = unwrap(permissions);
    session.setAuth({ auth: payload.auth, allAuth: payload.allAuth });
    if (fresh) {
      const user = unwrap(fresh);
      session.setUser(user);
      userReadThisPage.add(session);
      setUser(user);
    }
    setPermissions(payload);
    return payload;
  }, [api, session, setPermissions, setUser]);
}
