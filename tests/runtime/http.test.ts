import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { createSessionApi } from '../../src/runtime/api';
import { CacheKey } from '../../src/runtime/constants';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { HttpError, createHttp } from '../../src/runtime/http';
import { createSessionStore } from '../../src/runtime/session';
import {
  MemoryStorage,
  envelope,
  failure,
  fakeServer,
  recordingPresenter,
  timedOut,
  unreachable,
  type Responder,
} from './fakes';

const NOW = 1_700_000_000_123;
const BASE_URL = 'http://app.test/system';

function setup(responder: Responder, { token = 'tok-1' as string | null } = {}) {
  const storage = new MemoryStorage();
  const cache = createExpiringCache(storage, 'pro__', () => NOW);
  const session = createSessionStore(cache);
  if (token)
    session.saveLogin({ tokenValue: token, sessionTimeout: 3600, publicKey: '', privateKey: '' });
  const presenter = recordingPresenter();
  const server = fakeServer(responder);
  const onSessionEnded = vi.fn();
  const http = createHttp({
    baseURL: BASE_URL,
    session,
    presenter,
    onSessionEnded,
    now: () => NOW,
    adapter: server.adapter,
  });
  return { http, session, cache, presenter, server, onSessionEnded };
}

const ok: Responder = () => ({ status: 200, data: envelope(null) });

function header(config: InternalAxiosRequestConfig | undefined, name: string): unknown {
  return config?.headers.get(name);
}

/** Lets queued promise callbacks (the modal's button handler) run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('request conventions (shell.md §7)', () => {
  it('sends to origin + /system with a 60 s timeout', async () => {
    const { http, server } = setup(ok);
    await http.get('/sys/user/list');
    const request = server.requests[0];
    expect(request?.baseURL).toBe(BASE_URL);
    expect(request?.url).toBe('/sys/user/list');
    expect(request?.timeout).toBe(60_000);
  });

  it('adds X-Access-Token and tenant_id (default 0) to every method', async () => {
    const { http, server } = setup(ok);
    await http.get('/a');
    await http.post('/b', { x: 1 });
    await http.put('/c', { x: 1 });
    await http.delete('/d', { id: '1' });
    expect(server.requests).toHaveLength(4);
    for (const request of server.requests) {
      expect(header(request, 'X-Access-Token')).toBe('tok-1');
      expect(header(request, 'tenant_id')).toBe('0');
    }
  });

  it('sends the chosen tenant, and an empty token when signed out', async () => {
    const { http, server, session } = setup(ok, { token: null });
    session.setTenantId(5);
    await http.get('/a');
    expect(header(server.requests[0], 'X-Access-Token')).toBe('');
    expect(header(server.requests[0], 'tenant_id')).toBe('5');
  });

  it('adds _t (epoch seconds) to GET only', async () => {
    const { http, server } = setup(ok);
    await http.get('/a', { code: 'sex' });
    await http.post('/b', { x: 1 });
    await http.put('/c', { x: 1 });
    await http.delete('/d', { id: '1' });
    const [get, post, put, del] = server.requests;
    expect(get?.params).toEqual({ code: 'sex', _t: 1_700_000_000 });
    expect(post?.params).toBeUndefined();
    expect(put?.params).toBeUndefined();
    expect(del?.params).toEqual({ id: '1' });
  });

  it('signs GET and POST with X-Sign and X-TIMESTAMP, not PUT or DELETE', async () => {
    const { http, server } = setup(ok);
    await http.get('/a');
    await http.post('/b', { x: 1 });
    await http.put('/c', { x: 1 });
    await http.delete('/d', { id: '1' });
    const [get, post, put, del] = server.requests;
    for (const signed of [get, post]) {
      expect(header(signed, 'X-Sign')).toMatch(/^[0-9A-F]{32}$/);
      expect(header(signed, 'X-TIMESTAMP')).toBe(String(NOW));
    }
    for (const unsigned of [put, del]) {
      expect(header(unsigned, 'X-Sign')).toBeUndefined();
      expect(header(unsigned, 'X-TIMESTAMP')).toBeUndefined();
    }
  });

  it('signs a GET over its query (without _t) and comma path segment: fixed vector', async () => {
    const { http, server } = setup(ok);
    await http.get('/sys/dict/loadDict/sys_user%2Crealname%2Cid', { keyword: '张', pageSize: 10 });
    // {"keyword":"张","pageSize":"10","x-path-variable":"sys_user,realname,id"} + secret
    expect(header(server.requests[0], 'X-Sign')).toBe('67E8E155459AF18820D935AB97C28F43');
  });

  it('signs a POST over its body: fixed vector', async () => {
    const { http, server } = setup(ok);
    const api = createSessionApi(http);
    await api.updatePassword({
      username: 'admin',
      oldpassword: 'old',
      password: 'n3w',
      confirmpassword: 'n3w',
    });
    expect(server.requests[0]?.url).toBe('/sys/user/updatePassword');
    expect(header(server.requests[0], 'X-Sign')).toBe('C445BE05F3A5DEF61E5CC3100A1BB30D');
  });

  it('lets a call opt out of or into signing', async () => {
    const { http, server } = setup(ok);
    await http.get('/a', {}, { sign: false });
    await http.put('/b', { x: 1 }, { sign: true });
    expect(header(server.requests[0], 'X-Sign')).toBeUndefined();
    expect(header(server.requests[1], 'X-Sign')).toMatch(/^[0-9A-F]{32}$/);
  });

  it('answers the envelope of a 2xx reply, even when success is false', async () => {
    const { http, presenter } = setup(() => ({ status: 200, data: failure(510, '没有权限') }));
    await expect(http.get('/a')).resolves.toMatchObject({ success: false, message: '没有权限' });
    expect(presenter.shown).toEqual([]);
  });
});

describe('error catalogue through the client (shell.md §8)', () => {
  it.each([
    [403, '拒绝访问'],
    [404, '很抱歉，资源未找到!'],
    [504, '网络超时'],
  ])('HTTP %i notifies %s and rejects with an HttpError', async (status, text) => {
    const { http, presenter, session, onSessionEnded } = setup(() => ({
      status,
      data: failure(status, 'server text'),
    }));
    const error = await http.get('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
    expect((error as HttpError).message).toBe(text);
    expect(presenter.shown).toEqual([
      { kind: 'notify', level: 'error', title: '系统提示', description: text },
    ]);
    expect(session.getToken()).toBe('tok-1');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('other statuses show the server message', async () => {
    const { http, presenter } = setup(() => ({
      status: 500,
      data: failure(500, '部门编码已存在'),
    }));
    await expect(http.post('/a', {})).rejects.toThrow('部门编码已存在');
    expect(presenter.shown).toEqual([
      { kind: 'notify', level: 'error', title: '系统提示', description: '部门编码已存在' },
    ]);
  });

  it('a timeout shows 网络超时, an unreachable server a network error', async () => {
    const { http, presenter } = setup((config) =>
      config.url === '/slow' ? timedOut(config) : unreachable(config),
    );
    await expect(http.get('/slow')).rejects.toBeInstanceOf(HttpError);
    await expect(http.get('/down')).rejects.toBeInstanceOf(HttpError);
    expect(presenter.shown).toEqual([
      { kind: 'notify', level: 'error', title: '系统提示', description: '网络超时' },
      {
        kind: 'notify',
        level: 'error',
        title: '系统提示',
        description: '网络连接异常，请检查网络',
      },
    ]);
  });

  it('401 with a token: 未授权 notification, session cleared, app ended after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { http, presenter, session, cache, onSessionEnded } = setup(() => ({
      status: 401,
      data: failure(401, 'Token失效，请重新登录!'),
    }));
    cache.set(CacheKey.DICTS, { sex: [] });

    const error = await http.get('/sys/user/list').catch((e: unknown) => e);

    expect((error as HttpError).status).toBe(401);
    expect(presenter.shown).toEqual([
      { kind: 'notify', level: 'error', title: '系统提示', description: '未授权，请重新登录' },
    ]);
    expect(session.getToken()).toBeNull();
    expect(cache.get(CacheKey.DICTS)).toBeNull();
    expect(onSessionEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_499);
    expect(onSessionEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('after a 401 ended the session, later failures are not shown again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { http, presenter, onSessionEnded } = setup(() => ({
      status: 401,
      data: failure(401, 'Token失效，请重新登录!'),
    }));
    await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    vi.advanceTimersByTime(1_500);
    expect(presenter.shown).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('401 without a token: 未授权 notification, nothing to log out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { http, presenter, onSessionEnded } = setup(
      () => ({ status: 401, data: failure(401, 'Token失效，请重新登录!') }),
      { token: null },
    );
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    vi.advanceTimersByTime(10_000);
    expect(presenter.shown).toEqual([
      { kind: 'notify', level: 'error', title: '系统提示', description: '未授权，请重新登录' },
    ]);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('500 token-expired: 登录已过期 modal; logout only after its 重新登录 button', async () => {
    const { http, presenter, session, onSessionEnded } = setup(() => ({
      status: 500,
      data: failure(500, 'Token失效，请重新登录!'),
    }));

    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);

    expect(presenter.shown).toEqual([
      {
        kind: 'modal',
        level: 'error',
        title: '登录已过期',
        content: '很抱歉，登录已过期，请重新登录',
        okText: '重新登录',
      },
    ]);
    await settle();
    expect(session.getToken()).toBe('tok-1');
    expect(onSessionEnded).not.toHaveBeenCalled();

    presenter.pressModalButton();
    await settle();
    expect(session.getToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('opens one expiry modal even when several calls fail with it', async () => {
    const { http, presenter } = setup(() => ({
      status: 500,
      data: failure(500, 'Token失效，请重新登录!'),
    }));
    await Promise.allSettled([http.get('/a'), http.post('/b', {})]);
    expect(presenter.openModals()).toBe(1);
    expect(presenter.shown).toHaveLength(1);
  });

  it('a blob 500 answer with a JSON token-expired body opens the same modal', async () => {
    const { http, presenter, session, onSessionEnded } = setup((config) => {
      expect(config.responseType).toBe('blob');
      return {
        status: 500,
        data: new Blob([JSON.stringify(failure(500, 'Token失效，请重新登录!'))], {
          type: 'application/json',
        }),
      };
    });
    await expect(http.blob('/sys/user/exportXls')).rejects.toBeInstanceOf(HttpError);
    expect(presenter.shown).toEqual([
      {
        kind: 'modal',
        level: 'error',
        title: '登录已过期',
        content: '很抱歉，登录已过期，请重新登录',
        okText: '重新登录',
      },
    ]);
    presenter.pressModalButton();
    await settle();
    expect(session.getToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a blob 500 answer with another JSON message shows that message', async () => {
    const { http, presenter } = setup(() => ({
      status: 500,
      data: new Blob([JSON.stringify(failure(500, '导出失败'))], { type: 'application/json' }),
    }));
    const error = await http.blob('/x').catch((e: unknown) => e);
    expect((error as HttpError).body).toMatchObject({ message: '导出失败' });
    expect(presenter.shown).toEqual([
      { kind: 'notify', level: 'error', title: '系统提示', description: '导出失败' },
    ]);
  });

  it('a successful blob answer is the file', async () => {
    const file = new Blob(['a,b\n1,2'], { type: 'text/csv' });
    const { http } = setup(() => ({ status: 200, data: file }));
    const answer = await http.blob('/x');
    expect(await answer.text()).toBe('a,b\n1,2');
  });
});

describe('silent calls', () => {
  it('present no failure but still reject with the outcome', async () => {
    const { http, presenter } = setup(() => ({
      status: 500,
      data: failure(500, '部门编码已存在'),
    }));
    const error = await http.get('/a', {}, { silent: true }).catch((e: unknown) => e);
    expect((error as HttpError).message).toBe('部门编码已存在');
    expect(presenter.shown).toEqual([]);
  });

  it('present no 403 / network failure', async () => {
    const { http, presenter } = setup((config) =>
      config.url === '/down' ? unreachable(config) : { status: 403, data: failure(403, 'x') },
    );
    await expect(http.get('/a', {}, { silent: true })).rejects.toBeInstanceOf(HttpError);
    await expect(http.get('/down', {}, { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(presenter.shown).toEqual([]);
  });

  it('present no server message even when the envelope asks for one', async () => {
    const { http, presenter } = setup(() => ({
      status: 200,
      data: envelope(null, { message: '已保存', messageMode: 'message' }),
    }));
    await http.post('/a', {}, { silent: true });
    expect(presenter.shown).toEqual([]);
  });
});

describe('server-provided display mode', () => {
  it('shows the message the way the envelope asks, with its level', async () => {
    const replies = [
      envelope(null, { message: '已保存', messageMode: 'message' }),
      envelope(null, { message: '注意', messageMode: 'notification', messageLevel: 'warning' }),
      envelope(null, { success: false, message: '失败了', messageMode: 'message' }),
      envelope(null, { message: '不显示', messageMode: 'none' }),
      envelope(null, { message: '无模式' }),
    ];
    let index = 0;
    const { http, presenter } = setup(() => ({ status: 200, data: replies[index++] }));
    for (let i = 0; i < replies.length; i++) await http.post('/a', {});
    expect(presenter.shown).toEqual([
      { kind: 'message', level: 'success', text: '已保存' },
      { kind: 'notify', level: 'warning', title: '系统提示', description: '注意' },
      { kind: 'message', level: 'error', text: '失败了' },
    ]);
  });
});

describe('the token never leaves the site', () => {
  it.each(['//other-host/x', 'https://evil.example/x', 'javascript:alert(1)', '/\\evil', 'x/y'])(
    'refuses %s before anything is sent',
    async (url) => {
      const { http, server } = setup(ok);
      await expect(http.get(url)).rejects.toThrow(`只能请求本站的接口，已拒绝：${url}`);
      await expect(http.post(url, {})).rejects.toThrow('只能请求本站的接口');
      await expect(http.blob(url)).rejects.toThrow('只能请求本站的接口');
      expect(server.requests).toEqual([]);
    },
  );
});
