import { describe, expect, it, vi } from 'vitest';
import { createSessionApi } from '../../src/runtime/api';
import { CacheKey } from '../../src/runtime/constants';
import { createDictionaries } from '../../src/runtime/dictionaries';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { createHttp } from '../../src/runtime/http';
import { silentPresenter } from '../../src/runtime/presenter';
import { computeSign } from '../../src/runtime/sign';
import { createSessionStore } from '../../src/runtime/session';
import { MemoryStorage, envelope, failure, fakeServer, type Responder } from './fakes';

const NOW = 1_700_000_000_000;
const sex = [
  { value: '1', text: '男', title: '男' },
  { value: '2', text: '女', title: '女' },
];

function setup(responder: Responder) {
  const cache = createExpiringCache(new MemoryStorage(), 'pro__', () => NOW);
  const server = fakeServer(responder);
  const http = createHttp({
    baseURL: 'http://app.test/system',
    session: createSessionStore(cache),
    presenter: silentPresenter,
    onSessionEnded: vi.fn(),
    adapter: server.adapter,
  });
  return { dicts: createDictionaries(createSessionApi(http), cache), cache, server };
}

describe('dictionaries', () => {
  it('fetches a missing code once, caches it for 7 days and answers from the cache after', async () => {
    const { dicts, cache, server } = setup(() => ({ status: 200, data: envelope(sex) }));
    const [first, second] = await Promise.all([dicts.items('sex'), dicts.items('sex')]);
    expect(first).toEqual(sex);
    expect(second).toEqual(sex);
    await dicts.items('sex');
    expect(server.requests.map((r) => r.url)).toEqual(['/sys/dict/getDictItems/sex']);
    expect(cache.expiresAt(CacheKey.DICTS)).toBe(NOW + 604_800_000);
  });

  it('encodes a table dictionary code in the path', async () => {
    const { dicts, server } = setup(() => ({ status: 200, data: envelope([]) }));
    await dicts.items('sys_user,realname,id');
    expect(server.requests[0]?.url).toBe('/sys/dict/getDictItems/sys_user%2Crealname%2Cid');
  });

  it('asks for a table dictionary on each use (never stored), signing its code as the path variable', async () => {
    const posts = [{ value: 'dev', text: '开发', title: '开发' }];
    const { dicts, cache, server } = setup(() => ({ status: 200, data: envelope(posts) }));
    const code = 'sys_position,name,code';
    const [first, second] = await Promise.all([dicts.items(code), dicts.items(code)]);
    expect(first).toEqual(posts);
    expect(second).toEqual(posts);
    expect(server.requests).toHaveLength(1); // one request while one is under way
    expect(await dicts.text(code, 'dev,qa')).toBe('开发,qa');
    expect(server.requests).toHaveLength(2); // the rows may have changed: asked again
    expect(cache.get(CacheKey.DICTS)).toBeNull();
    const request = server.requests[0]!;
    expect(request.url).toBe('/sys/dict/getDictItems/sys_position%2Cname%2Ccode');
    expect(request.headers.get('X-Sign')).toBe(
      computeSign({ query: {}, lastPathSegment: 'sys_position,name,code' }),
    );
  });

  it('refuses a blank code with 字典Code不能为空!', async () => {
    const { dicts, server } = setup(() => ({ status: 200, data: envelope(sex) }));
    await expect(dicts.items('')).rejects.toThrow('字典Code不能为空!');
    await expect(dicts.items('  ')).rejects.toThrow('字典Code不能为空!');
    expect(server.requests).toHaveLength(0);
  });

  it('answers no options for an unsuccessful lookup', async () => {
    const { dicts } = setup(() => ({ status: 200, data: failure(500, 'no such dict') }));
    await expect(dicts.items('nope')).resolves.toEqual([]);
  });

  it('turns values into labels, comma lists item by item, unknown values as they are', async () => {
    const { dicts } = setup(() => ({ status: 200, data: envelope(sex) }));
    expect(await dicts.text('sex', '1')).toBe('男');
    expect(await dicts.text('sex', 2)).toBe('女');
    expect(await dicts.text('sex', '1,2,9')).toBe('男,女,9');
    expect(await dicts.text('sex', null)).toBe('');
    expect(await dicts.text('sex', '')).toBe('');
  });

  it('refresh asks the server to refresh, then stores every dictionary', async () => {
    const { dicts, cache, server } = setup((config) =>
      config.url === '/sys/dict/refleshCache'
        ? { status: 200, data: envelope(null) }
        : { status: 200, data: envelope({ sex, yn: [] }) },
    );
    await dicts.refresh();
    expect(server.requests.map((r) => r.url)).toEqual([
      '/sys/dict/refleshCache',
      '/sys/dict/queryAllDictItems',
    ]);
    expect(cache.get(CacheKey.DICTS)).toEqual({ sex, yn: [] });
    expect(await dicts.items('sex')).toEqual(sex);
    expect(server.requests).toHaveLength(2);
  });

  it('refresh fails with the server message, or 刷新缓存失败！ without one', async () => {
    const withMessage = setup(() => ({ status: 200, data: failure(500, '缓存服务不可用') }));
    await expect(withMessage.dicts.refresh()).rejects.toThrow('缓存服务不可用');
    const without = setup(() => ({ status: 200, data: failure(500, '') }));
    await expect(without.dicts.refresh()).rejects.toThrow('刷新缓存失败！');
  });
});
