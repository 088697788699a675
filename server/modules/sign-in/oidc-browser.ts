import type { FastifyRequest } from 'fastify';
import { randomSecret, sha256Hex } from './sso-grants';

/**
 * The browser binding of a single sign-on: a random value in an HttpOnly cookie, set when a
 * flow starts. The flow and the one-time token keep only its hash, so a token that leaks (a
 * URL in a log, a shared screen) opens no session in another browser.
 */

export const BROWSER_COOKIE = 'sso_browser';
/** Sent only to the single-sign-on routes (start, callback, getLoginUser). */
export const BROWSER_COOKIE_PATH = '/system/sys/thirdLogin';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The binding cookie's value, when the request carries a well-formed one. */
export function browserBinding(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== BROWSER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (VALUE.test(value)) return value;
  }
  return null;
}

/** The hash a grant keeps of this request's binding, or null when it has none. */
export function browserHashOf(request: FastifyRequest): string | null {
  const value = browserBinding(request);
  return value === null ? null : sha256Hex(value);
}

/**
 * The binding for a new flow: the browser's own when it has one (two tabs signing in at once
 * keep working), else a new value.
 */
export function bindingFor(request: FastifyRequest): string {
  return browserBinding(request) ?? randomSecret();
}

/** The Set-Cookie header of the binding; Secure when the site is served over https. */
export function bindingCookie(value: string, publicUrl: string, maxAgeSeconds: number): string {
  const parts = [
    `${BROWSER_COOKIE}=${value}`,
    `Path=${BROWSER_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    // Lax: the provider's redirect back is a top-level GET, which still carries it.
    'SameSite=Lax',
  ];
  if (publicUrl.startsWith('https:')) parts.push('Secure');
  return parts.join('; ');
}
