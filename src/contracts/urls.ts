/**
 * Which urls definitions and menus may hold. A page definition's `api.*`, action `url`s and
 * detail `listUrl`s are called by the browser with the reader's token, so they must stay on
 * this site: a path with one leading `/`, resolved under the API base (`/system`). `//host`
 * (protocol-relative), `\\host`, `javascript:` or any other scheme would send the token away
 * or run script; `.` and `..` segments would leave the API base. Menus may also link out, but
 * only with http: or https:.
 */

export const MSG_SAME_ORIGIN_PATH =
  '只能填写本站以 / 开头的路径：不能以 // 开头，不能含 \\、协议（如 http:、javascript:）或 . / .. 路径段';

export const MSG_MENU_URL = '菜单路径应为以 / 开头的本站路径，或 http:// / https:// 开头的外部链接';

/** Characters a path may hold besides letters and digits (`{id}` placeholders included). */
const PATH = /^\/[A-Za-z0-9_\-./{}]*$/;

/** True for a same-origin path: `/sys/user/list`, `/online/{code}/list`. */
export function isSameOriginPath(url: string): boolean {
  if (!PATH.test(url) || url.startsWith('//')) return false;
  return url
    .split(/[?#]/, 1)[0]!
    .split('/')
    .every((segment) => segment !== '.' && segment !== '..');
}

/** True for an absolute http: or https: url with a host. */
export function isWebUrl(url: string): boolean {
  if (!/^https?:\/\/[^/\\\s]/i.test(url) || /[\s\\]/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    return false;
  }
}

/**
 * Why a menu url cannot be saved, or null: an internal route path (one leading `/`, no `//`,
 * `\`, `.` / `..` segments), an external http(s) link, or a `{{…}}` template the browser
 * renders and checks the same way (shell.md §2).
 */
export function menuUrlProblem(url: string): string | null {
  if (url.startsWith('{{')) return null;
  if (isWebUrl(url)) return null;
  // Route paths may hold characters API paths do not (`:id`, Chinese); the dangerous shapes
  // are what is refused.
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return MSG_MENU_URL;
  if (/[\s<>"']/.test(url)) return MSG_MENU_URL;
  if (
    url
      .split(/[?#]/, 1)[0]!
      .split('/')
      .some((s) => s === '.' || s === '..')
  ) {
    return MSG_MENU_URL;
  }
  return null;
}

/**
 * True when a url handed to the browser's http client stays under its base: one leading `/`
 * and no backslash. The client refuses anything else before attaching the token.
 */
export function staysOnSite(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !url.includes('\\');
}

/** A rendered menu url the browser may open: a route path or an http(s) link, never a template. */
export function isSafeMenuTarget(url: string): boolean {
  return !url.startsWith('{{') && menuUrlProblem(url) === null;
}
