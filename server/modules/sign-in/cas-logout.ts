import type { CasConfig } from '../../sign-in-config';

/**
 * Where the browser goes after a CAS session's logout: the CAS server ends its own session
 * too, then sends the browser back to this site's login page.
 */
export function casLogoutUrl(cas: CasConfig): string {
  return `${cas.serverUrl}/logout?service=${encodeURIComponent(cas.serviceUrl)}`;
}
