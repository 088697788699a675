import { oidcThirdType } from '../../../src/contracts/sign-in';

/**
 * Where the single-sign-on routes send the browser: the provider's callback on this site, and
 * back to the login page with a one-time token or an error message. Only a path of this site
 * is ever taken from the request (no open redirect).
 */

/** The login page of the browser app. */
export const LOGIN_PAGE = '/user/login';
const MAX_REDIRECT_LENGTH = 1000;

/** The redirect URI the provider knows for `name`. */
export function callbackUrl(publicUrl: string, name: string): string {
  return `${publicUrl}/system/sys/thirdLogin/oidc/${name}/callback`;
}

/**
 * The path as sent, when it is a path of this site: starts with one `/` (not `//` or `/\`,
 * which browsers read as another host), no blanks or control characters; else null.
 */
export function safeRedirect(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_REDIRECT_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw)) return null;
  return raw;
}

/** Back to the login page with the one-time token (and where to go after). */
export function tokenLanding(name: string, token: string, redirect: string | null): string {
  const query = new URLSearchParams({ thirdToken: token, thirdType: oidcThirdType(name) });
  if (redirect) query.set('redirect', redirect);
  return `${LOGIN_PAGE}?${query.toString()}`;
}

/** Back to the login page with a message for the user (never a provider's own words). */
export function errorLanding(message: string): string {
  return `${LOGIN_PAGE}?thirdError=${encodeURIComponent(message)}`;
}
