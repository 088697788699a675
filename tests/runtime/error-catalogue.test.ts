import { describe, expect, it } from 'vitest';
import {
  MSG_NETWORK,
  MSG_UNKNOWN_ERROR,
  classifyHttpError,
  isTokenInvalidMessage,
} from '../../src/runtime/error-catalogue';

const body = (message: string) => ({ success: false, code: 500, message, result: null });

describe('classifyHttpError (shell.md §8)', () => {
  it('403 → 拒绝访问', () => {
    expect(classifyHttpError(403, body('forbidden'), true)).toEqual({
      kind: 'notify',
      description: '拒绝访问',
    });
  });

  it('404 → 很抱歉，资源未找到!', () => {
    expect(classifyHttpError(404, body('Not Found'), true)).toEqual({
      kind: 'notify',
      description: '很抱歉，资源未找到!',
    });
  });

  it('504 → 网络超时', () => {
    expect(classifyHttpError(504, null, true)).toEqual({
      kind: 'notify',
      description: '网络超时',
    });
  });

  it('401 with a token → 未授权，请重新登录 and logout', () => {
    expect(classifyHttpError(401, body('Token失效，请重新登录!'), true)).toEqual({
      kind: 'unauthorized',
      description: '未授权，请重新登录',
      logout: true,
    });
  });

  it('401 without a token → 未授权，请重新登录 and no logout', () => {
    expect(classifyHttpError(401, body('Token失效，请重新登录!'), false)).toEqual({
      kind: 'unauthorized',
      description: '未授权，请重新登录',
      logout: false,
    });
  });

  it('500 with the token-invalid message → expired', () => {
    expect(classifyHttpError(500, body('Token失效，请重新登录!'), true)).toEqual({
      kind: 'expired',
    });
  });

  it('500 with another message → that message', () => {
    expect(classifyHttpError(500, body('部门编码已存在'), true)).toEqual({
      kind: 'notify',
      description: '部门编码已存在',
    });
  });

  it('500 without a readable message → a generic error', () => {
    expect(classifyHttpError(500, null, true)).toEqual({
      kind: 'notify',
      description: MSG_UNKNOWN_ERROR,
    });
    expect(classifyHttpError(500, body('   '), true)).toEqual({
      kind: 'notify',
      description: MSG_UNKNOWN_ERROR,
    });
    expect(classifyHttpError(500, '<html>oops</html>', true)).toEqual({
      kind: 'notify',
      description: MSG_UNKNOWN_ERROR,
    });
  });

  it.each([400, 405, 429, 502, 503])('%i → the server message', (status) => {
    expect(classifyHttpError(status, body(`服务端说明 ${status}`), true)).toEqual({
      kind: 'notify',
      description: `服务端说明 ${status}`,
    });
  });

  it('other statuses without a message → a generic error', () => {
    expect(classifyHttpError(502, undefined, true)).toEqual({
      kind: 'notify',
      description: MSG_UNKNOWN_ERROR,
    });
  });

  it('no response → network error, or 网络超时 when the request timed out', () => {
    expect(classifyHttpError(null, undefined, true)).toEqual({
      kind: 'notify',
      description: MSG_NETWORK,
    });
    expect(classifyHttpError(null, undefined, true, true)).toEqual({
      kind: 'notify',
      description: '网络超时',
    });
  });

  it('a token message on other statuses is just a message', () => {
    expect(classifyHttpError(400, body('Token失效，请重新登录!'), true)).toEqual({
      kind: 'notify',
      description: 'Token失效，请重新登录!',
    });
  });
});

describe('isTokenInvalidMessage', () => {
  it('recognises the token-invalid wordings', () => {
    expect(isTokenInvalidMessage('Token失效，请重新登录!')).toBe(true);
    expect(isTokenInvalidMessage('token 失效')).toBe(true);
    expect(isTokenInvalidMessage('Token expired')).toBe(true);
    expect(isTokenInvalidMessage('token is invalid')).toBe(true);
  });

  it('rejects other messages and non-strings', () => {
    expect(isTokenInvalidMessage('操作失败')).toBe(false);
    expect(isTokenInvalidMessage(null)).toBe(false);
    expect(isTokenInvalidMessage(42)).toBe(false);
  });
});
