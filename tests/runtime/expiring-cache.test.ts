import { describe, expect, it } from 'vitest';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { MemoryStorage } from './fakes';

/** A clock the test moves by hand. */
function clock(start: number) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('createExpiringCache', () => {
  it('stores values as {value, expire} JSON under the prefixed key', () => {
    const storage = new MemoryStorage();
    const t = clock(1_000);
    const cache = createExpiringCache(storage, 'pro__', t.now);
    cache.set('Access-Token', 'abc', 500);
    expect(JSON.parse(storage.getItem('pro__Access-Token') ?? 'null')).toEqual({
      value: 'abc',
      expire: 1_500,
    });
  });

  it('uses the pro__ prefix by default', () => {
    const storage = new MemoryStorage();
    createExpiringCache(storage).set('k', 1);
    expect(storage.keys()).toEqual(['pro__k']);
  });

  it('answers a value until its expiry, then null, and removes the expired entry', () => {
    const storage = new MemoryStorage();
    const t = clock(10_000);
    const cache = createExpiringCache(storage, 'pro__', t.now);
    cache.set('user', { name: 'admin' }, 1_000);

    t.advance(999);
    expect(cache.get('user')).toEqual({ name: 'admin' });
    expect(cache.expiresAt('user')).toBe(11_000);

    t.advance(1);
    expect(cache.get('user')).toBeNull();
    expect(storage.getItem('pro__user')).toBeNull();
  });

  it('expiresAt also removes an expired entry', () => {
    const storage = new MemoryStorage();
    const t = clock(0);
    const cache = createExpiringCache(storage, 'p_', t.now);
    cache.set('a', 1, 10);
    t.advance(10);
    expect(cache.expiresAt('a')).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('keeps entries without a ttl forever', () => {
    const storage = new MemoryStorage();
    const t = clock(0);
    const cache = createExpiringCache(storage, 'p_', t.now);
    cache.set('forever', 'x');
    cache.set('alsoForever', 'y', null);
    t.advance(10 * 365 * 24 * 3600 * 1000);
    expect(cache.get('forever')).toBe('x');
    expect(cache.get('alsoForever')).toBe('y');
    expect(cache.expiresAt('forever')).toBeNull();
  });

  it('keeps falsy values distinct from a missing entry', () => {
    const cache = createExpiringCache(new MemoryStorage());
    cache.set('zero', 0);
    cache.set('empty', '');
    cache.set('no', false);
    expect(cache.get('zero')).toBe(0);
    expect(cache.get('empty')).toBe('');
    expect(cache.get('no')).toBe(false);
    expect(cache.get('missing')).toBeNull();
  });

  it('ignores corrupt or foreign entries instead of throwing', () => {
    const storage = new MemoryStorage();
    const cache = createExpiringCache(storage, 'pro__');
    storage.setItem('pro__broken', '{not json');
    storage.setItem('pro__plain', '"just a string"');
    storage.setItem('pro__null', 'null');
    storage.setItem('pro__novalue', '{"expire": null}');
    for (const key of ['broken', 'plain', 'null', 'novalue']) {
      expect(cache.get(key)).toBeNull();
      expect(cache.expiresAt(key)).toBeNull();
    }
  });

  it('treats a non-numeric expire as no expiry', () => {
    const storage = new MemoryStorage();
    storage.setItem('pro__k', '{"value": "v", "expire": "soon"}');
    expect(createExpiringCache(storage, 'pro__', () => 1e15).get('k')).toBe('v');
  });

  it('remove forgets an entry; other prefixes are untouched', () => {
    const storage = new MemoryStorage();
    storage.setItem('other', 'keep');
    const cache = createExpiringCache(storage, 'pro__');
    cache.set('a', 1);
    cache.remove('a');
    expect(cache.get('a')).toBeNull();
    expect(storage.keys()).toEqual(['other']);
  });

  it('overwriting an entry replaces its expiry', () => {
    const t = clock(0);
    const cache = createExpiringCache(new MemoryStorage(), 'p_', t.now);
    cache.set('a', 1, 10);
    cache.set('a', 2);
    t.advance(100);
    expect(cache.get('a')).toBe(2);
  });
});
