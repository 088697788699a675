import { STATIC_PREFIX } from '../../../src/contracts/files';

/**
 * The stored files a piece of (sanitised) HTML points to: `src` and `href` urls that reach the
 * static route, `/system/sys/common/static/<path>` (any origin and API prefix; percent-encoded
 * segments decoded). Saves attach them so the upload clean-up keeps them. Only paths of
 * sys_file are ever attached, so an url naming anything else changes nothing.
 */

/** `src="…"` / `href='…'` (sanitize-html writes double quotes; single ones are read too). */
const URL_ATTRIBUTE = /\b(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The stored path an url names on the static route, or null. */
export function staticPathOf(url: string): string | null {
  const plain = url.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]!);
  const pathname = plain.split(/[?#]/, 1)[0]!;
  const at = pathname.indexOf(STATIC_PREFIX);
  if (at < 0) return null;
  const segments = pathname
    .slice(at + STATIC_PREFIX.length)
    .split('/')
    .map(decodeSegment);
  if (segments.some((s) => s === null || s === '' || s === '.' || s === '..')) return null;
  return segments.join('/');
}

/** Distinct stored paths of the static-route urls in the HTML, in order of appearance. */
export function staticPathsInHtml(html: string | null | undefined): string[] {
  if (!html) return [];
  const paths = new Set<string>();
  for (const match of html.matchAll(URL_ATTRIBUTE)) {
    const path = staticPathOf(match[1] ?? match[2] ?? '');
    if (path) paths.add(path);
  }
  return [...paths];
}
