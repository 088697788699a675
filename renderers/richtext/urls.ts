import { isAllowedUrl } from '../../src/contracts/html-allow';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link the editor accepts: http(s), mailto, or a relative address of this site (`/a/b`,
 * `page.html`, `#part`); and one the shared allow-list keeps (no whitespace, no `//host`).
 */
export function isAcceptedLinkUrl(url: string): boolean {
  const value = url.trim();
  if (!isAllowedUrl('href', value)) return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || ['http', 'https', 'mailto'].includes(scheme);
}

/** An image or video address the editor accepts: http(s) or relative (never `data:`). */
export function isAcceptedMediaUrl(url: string): boolean {
  const value = url.trim();
  if (!isAllowedUrl('src', value)) return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https';
}
