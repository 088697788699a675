/**
 * The error catalogue of shell.md §8 as a pure mapping from what the server answered to what
 * the user sees. The http client applies the outcome through the UI presenter.
 */

export const MSG_FORBIDDEN = '拒绝访问';
export const MSG_NOT_FOUND = '很抱歉，资源未找到!';
export const MSG_GATEWAY_TIMEOUT = '网络超时';
export const MSG_UNAUTHORIZED = '未授权，请重新登录';
export const MSG_EXPIRED_TITLE = '登录已过期';
export const MSG_EXPIRED_CONTENT = '很抱歉，登录已过期，请重新登录';
export const MSG_EXPIRED_BUTTON = '重新登录';
export const MSG_NETWORK = '网络连接异常，请检查网络';
export const MSG_SYSTEM_TITLE = '系统提示';
export const MSG_UNKNOWN_ERROR = '系统错误，请稍后再试';

/** What the user is shown and what happens to the session. */
export type ErrorOutcome =
  /** A notification titled 系统提示 with this description. */
  | { readonly kind: 'notify'; readonly description: string }
  /** 401: notify, and when a token existed log out and reload after 1.5 s. */
  | { readonly kind: 'unauthorized'; readonly description: string; readonly logout: boolean }
  /** Token expired (500 + Token失效): modal with a 重新登录 button. */
  | { readonly kind: 'expired' };

/** A server message saying the token is no longer valid (reference system's wording). */
export function isTokenInvalidMessage(message: unknown): boolean {
  return typeof message === 'string' && /token\s*失效|token.*(expired|invalid)/i.test(message);
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

/**
 * Maps an HTTP failure to its outcome. `body` is the parsed answer (a blob answer must be
 * parsed by the caller first, so a 500 download is checked the same way).
 */
export function classifyHttpError(
  status: number | null,
  body: unknown,
  hadToken: boolean,
  timedOut = false,
): ErrorOutcome {
  if (status === null) {
    return { kind: 'notify', description: timedOut ? MSG_GATEWAY_TIMEOUT : MSG_NETWORK };
  }
  switch (status) {
    case 403:
      return { kind: 'notify', description: MSG_FORBIDDEN };
    case 404:
      return { kind: 'notify', description: MSG_NOT_FOUND };
    case 504:
      return { kind: 'notify', description: MSG_GATEWAY_TIMEOUT };
    case 401:
      return { kind: 'unauthorized', description: MSG_UNAUTHORIZED, logout: hadToken };
    case 500:
      if (isTokenInvalidMessage(messageOf(body))) return { kind: 'expired' };
      return { kind: 'notify', description: messageOf(body) ?? MSG_UNKNOWN_ERROR };
    default:
      return { kind: 'notify', description: messageOf(body) ?? MSG_UNKNOWN_ERROR };
  }
}
