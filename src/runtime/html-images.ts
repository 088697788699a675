import { STATIC_PREFIX, staticFileUrl } from '../contracts/files';
import { API_PATH } from './constants';

/**
 * Images inside stored HTML (rich text, announcements). The HTML keeps a stable address of
 * each uploaded image, `/system/sys/common/static/<path>`, the one the server attaches and
 * checks; an `<img>` cannot send the token header, so whatever shows the HTML (the editor, the
 * read-only view, the notice bell) swaps those addresses for signed view URLs while showing it
 * and never stores them.
 */

/** The stable address of an uploaded file, as stored in HTML: `/system/sys/common/static/<path>`. */
export function storedImageUrl(path: string): string {
  return `${API_PATH}${staticFileUrl(path)}`;
}

const STORED_PREFIX = `${API_PATH}${STATIC_PREFIX}`;

/**
 * The stored path behind an image address of this site's static route (relative, with or
 * without the API base, or absolute on `origin`), or null for any other address (a network image, a data URL, a signed URL).
 */
export function storedPathOfUrl(src: string, origin?: string): string | null {
  let url = src.trim();
  if (origin && url.startsWith(`${origin}/`)) url = url.slice(origin.length);
  // Markdown written by hand may leave out the API base.
  if (url.startsWith(STATIC_PREFIX)) url = `${API_PATH}${url}`;
  if (!url.startsWith(STORED_PREFIX)) return null;
  const rest = url.slice(STORED_PREFIX.length).split(/[?#]/, 1)[0]!;
  if (rest === '') return null;
  try {
    const path = rest.split('/').map(decodeURIComponent).join('/');
    // A path that climbs out of the files folder is not one of ours.
    return path.split('/').some((part) => part === '..' || part === '') ? null : path;
  } catch {
    return null;
  }
}

const SIGNED_PREFIX = `${API_PATH}/sys/common/signed/`;

/**
 * The stable address to keep for an image `src`: a signed view URL of this site (copied from a
 * shown page and pasted back) becomes the stored file's static address, since signed URLs
 * expire; anything else is kept as it is.
 */
export function stableImageSrc(src: string, origin: string | undefined = currentOrigin()): string {
  let url = src.trim();
  if (origin && url.startsWith(`${origin}/`)) url = url.slice(origin.length);
  if (!url.startsWith(SIGNED_PREFIX)) return src;
  const stored = storedPathOfUrl(`${STORED_PREFIX}${url.slice(SIGNED_PREFIX.length)}`);
  return stored === null ? src : storedImageUrl(stored);
}

/** Gives a signed URL for a stored path (FileClient.viewUrl). */
export type ViewUrl = (path: string) => Promise<string>;

function currentOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

/**
 * The image address to show for `src`: a signed URL for a stored image (its stable address
 * when signing fails, so the image shows as broken rather than vanishing), `src` otherwise.
 */
export async function viewableImageUrl(src: string, viewUrl: ViewUrl): Promise<string> {
  const path = storedPathOfUrl(src, currentOrigin());
  if (path === null) return src;
  try {
    return await viewUrl(path);
  } catch {
    return src;
  }
}

/**
 * `html` (already safe: run `safeHtml` first) with the `src` of every stored image replaced by
 * its signed URL. Other images and all other markup are left as they are. Returns `html`
 * itself when it holds no stored image.
 */
export async function signHtmlImages(html: string, viewUrl: ViewUrl): Promise<string> {
  if (!html.includes(STATIC_PREFIX)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const images = [...template.content.querySelectorAll('img')];
  const origin = currentOrigin();
  let changed = false;
  await Promise.all(
    images.map(async (img) => {
      const src = img.getAttribute('src') ?? '';
      if (storedPathOfUrl(src, origin) === null) return;
      const signed = await viewableImageUrl(src, viewUrl);
      if (signed !== src) {
        img.setAttribute('src', signed);
        changed = true;
      }
    }),
  );
  return changed ? template.innerHTML : html;
}
