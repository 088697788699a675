import type { LoginResult, UserInfo } from '../contracts/session';
import type { AuthLists } from './permissions';
import type { ExpiringCache } from './expiring-cache';
import { CACHE_TTL_MS, CacheKey, DEFAULT_TENANT_ID } from './constants';

/**
 * The signed-in session as the browser keeps it: token with its expiry, user info, button
 * permissions and the tenant, in the local cache. Listeners hear about sign-in and sign-out
 * (also those made in another tab).
 */
export interface SessionStore {
  getToken(): string | null;
  /** Stores a fresh login: token until now + sessionTimeout (at most the 7-day cache). */
  saveLogin(result: LoginResult): void;
  getUser(): UserInfo | null;
  setUser(user: UserInfo): void;
  getAuth(): AuthLists | null;
  setAuth(lists: AuthLists): void;
  getTenantId(): number;
  setTenantId(id: number): void;
  /** Forgets token, user, permissions and cached dictionaries. */
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(cache: ExpiringCache): SessionStore {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    getToken: () => cache.get<string>(CacheKey.TOKEN),
    saveLogin(result) {
      const ttl = Math.min(result.sessionTimeout * 1000, CACHE_TTL_MS);
      cache.set(CacheKey.TOKEN, result.tokenValue, ttl);
      if (result.privateKey || result.publicKey) {
        cache.set(
          CacheKey.SECURITY,
          { publicKey: result.publicKey, privateKey: result.privateKey },
          ttl,
        );
      }
      emit();
    },
    getUser: () => cache.get<UserInfo>(CacheKey.USER_INFO),
    setUser(user) {
      cache.set(CacheKey.USER_INFO, user, CACHE_TTL_MS);
      emit();
    },
    getAuth() {
      const auth = cache.get<AuthLists['auth']>(CacheKey.USER_AUTH);
      const allAuth = cache.get<AuthLists['allAuth']>(CacheKey.SYS_AUTH);
      return auth && allAuth ? { auth, allAuth } : null;
    },
    setAuth(lists) {
      cache.set(CacheKey.USER_AUTH, lists.auth, CACHE_TTL_MS);
      cache.set(CacheKey.SYS_AUTH, lists.allAuth, CACHE_TTL_MS);
    },
    getTenantId: () => cache.get<number>(CacheKey.TENANT_ID) ?? DEFAULT_TENANT_ID,
    setTenantId: (id) => cache.set(CacheKey.TENANT_ID, id),
    clear() {
      for (const key of [
        CacheKey.TOKEN,
        CacheKey.USER_INFO,
        CacheKey.USER_AUTH,
        CacheKey.SYS_AUTH,
        CacheKey.DICTS,
        CacheKey.SECURITY,
      ]) {
        cache.remove(key);
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
