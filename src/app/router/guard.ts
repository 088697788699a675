import { HOME_PATH } from './menu-routes';

/** Paths reachable without a token (shell.md §2 "Navigation guard"). */
export const LOGIN_PATH = '/user/login';
export const PUBLIC_PATHS: readonly string[] = [
  LOGIN_PATH,
  '/user/register',
  '/user/register-result',
  '/user/alteration',
];

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string }
  /** Signed in but the permission list is empty: fetch it, then render. */
  | { readonly kind: 'load-permissions' };

/** The login address that brings the user back to `fullPath` afterwards. */
export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Decides what a navigation to `pathname` (+ `search`) does. */
export function guard(
  pathname: string,
  search: string,
  hasToken: boolean,
  hasPermissions: boolean,
): GuardDecision {
  const isPublic = PUBLIC_PATHS.includes(pathname) || pathname === '/user';
  if (!hasToken) {
    return isPublic
      ? { kind: 'allow' }
      : { kind: 'redirect', to: loginRedirect(pathname + search) };
  }
  // Signed in on the login page: go where the login was for (the dashboard by default).
  if (pathname === LOGIN_PATH) {
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
  }
  if (isPublic) return { kind: 'allow' };
  return hasPermissions ? { kind: 'allow' } : { kind: 'load-permissions' };
}

/** A redirect query value is followed only when it is a path inside this app. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return HOME_PATH;
  }
  return value;
}
