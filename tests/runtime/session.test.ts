import { describe, expect, it, vi } from 'vitest';
import type { LoginResult, UserInfo } from '../../src/contracts/session';
import { CACHE_TTL_MS, CacheKey } from '../../src/runtime/constants';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { createSessionStore } from '../../src/runtime/session';
import { MemoryStorage, userInfo } from './fakes';

const NOW = 1_700_000_000_000;

function setup() {
  let time = NOW;
  const storage = new MemoryStorage();
  const cache = createExpiringCache(storage, 'pro__', () => time);
  const session = createSessionStore(cache);
  return {
    storage,
    cache,
    session,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const login = (sessionTimeout: number, keys = { publicKey: '', privateKey: '' }): LoginResult => ({
  tokenValue: 'tok-1',
  sessionTimeout,
  ...keys,
});

const user: UserInfo = userInfo({ orgCode: 'A01' });

describe('session store: token lifetime', () => {
  it('keeps the token for sessionTimeout seconds when that is shorter than 7 days', () => {
    const { session, cache, advance } = setup();
    session.saveLogin(login(3600));
    expect(session.getToken()).toBe('tok-1');
    expect(cache.expiresAt(CacheKey.TOKEN)).toBe(NOW + 3_600_000);
    advance(3_600_000 - 1);
    expect(session.getToken()).toBe('tok-1');
    advance(1);
    expect(session.getToken()).toBeNull();
  });

  it('caps the token lifetime at 7 days (604800000 ms)', () => {
    const { session, cache } = setup();
    session.saveLogin(login(30 * 24 * 3600));
    expect(CACHE_TTL_MS).toBe(604_800_000);
    expect(cache.expiresAt(CacheKey.TOKEN)).toBe(NOW + 604_800_000);
  });

  it('keeps the user for 7 days', () => {
    const { session, cache, advance } = setup();
    session.setUser(user);
    expect(session.getUser()).toEqual(user);
    expect(cache.expiresAt(CacheKey.USER_INFO)).toBe(NOW + 604_800_000);
    advance(604_800_000);
    expect(session.getUser()).toBeNull();
  });

  it('stores the security keys only when the login returned them', () => {
    const plain = setup();
    plain.session.saveLogin(login(60));
    expect(plain.cache.get(CacheKey.SECURITY)).toBeNull();

    const secure = setup();
    secure.session.saveLogin(login(60, { publicKey: 'PUB', privateKey: 'PRIV' }));
    expect(secure.cache.get(CacheKey.SECURITY)).toEqual({ publicKey: 'PUB', privateKey: 'PRIV' });
  });
});

describe('session store: permissions and tenant', () => {
  it('answers the permission lists only when both were stored', () => {
    const { session, cache } = setup();
    expect(session.getAuth()).toBeNull();
    const lists = {
      auth: [{ action: 'user:add', type: '1', describe: '添加' }],
      allAuth: [{ action: 'user:add', type: '1', describe: '添加', status: '1' }],
    } as const;
    session.setAuth(lists);
    expect(session.getAuth()).toEqual(lists);
    cache.remove(CacheKey.SYS_AUTH);
    expect(session.getAuth()).toBeNull();
  });

  it('uses tenant 0 until one is chosen', () => {
    const { session } = setup();
    expect(session.getTenantId()).toBe(0);
    session.setTenantId(7);
    expect(session.getTenantId()).toBe(7);
  });
});

describe('session store: clear', () => {
  it('removes token, user, permissions, dictionaries and security keys', () => {
    const { session, cache, storage } = setup();
    session.saveLogin(login(3600, { publicKey: 'PUB', privateKey: 'PRIV' }));
    session.setUser(user);
    session.setAuth({ auth: [], allAuth: [] });
    cache.set(CacheKey.DICTS, { sex: [] });
    session.setTenantId(3);

    session.clear();

    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(session.getAuth()).toBeNull();
    expect(cache.get(CacheKey.DICTS)).toBeNull();
    expect(cache.get(CacheKey.SECURITY)).toBeNull();
    expect(storage.keys()).toEqual([`pro__${CacheKey.TENANT_ID}`]);
  });

  it('tells listeners about sign-in, user change and sign-out until they unsubscribe', () => {
    const { session } = setup();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.saveLogin(login(60));
    session.setUser(user);
    session.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    session.saveLogin(login(60));
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
