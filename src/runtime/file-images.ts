import { STATIC_PREFIX } from '../contracts/files';
import { API_PATH } from './constants';
import type { FileClient } from './files';

/**
 * Stored images inside shown HTML (markdown previews, rich text views): an `<img>` cannot send
 * the token header the static route wants, so an image whose src is under that route
 * (`/sys/common/static/<path>` or `/system/sys/common/static/<path>`, or the same on this
 * origin) is shown through a signed view URL instead. Other images are left as they are.
 */

/** The stored path an image src names, or null when it is not under the static route. */
export function storedPathOfSrc(src: string, origin?: string): string | null {
  let url = src.trim();
  if (origin && url.startsWith(`${origin}/`)) url = url.slice(origin.length);
  if (url.startsWith(API_PATH + STATIC_PREFIX)) url = url.slice(API_PATH.length);
  if (!url.startsWith(STATIC_PREFIX)) return null;
  const encoded = url.slice(STATIC_PREFIX.length).split(/[?#]/, 1)[0]!;
  if (encoded === '') return null;
  const segments = encoded.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return null;
  }
  return segments.join('/');
}

export interface ShowStoredImagesOptions {
  /** This page's origin, so absolute URLs of our own static route are rewritten too. */
  readonly origin?: string;
}

/**
 * `html` (already sanitised) with each stored image's src replaced by its signed view URL.
 * An image whose URL cannot be signed keeps its src (it shows as broken, with its alt text).
 * The HTML is parsed in an inert `<template>`: nothing in it loads or runs here.
 */
export async function showStoredImages(
  html: string,
  client: Pick<FileClient, 'viewUrl'>,
  options: ShowStoredImagesOptions = {},
): Promise<string> {
  if (!html.includes(STATIC_PREFIX)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const images = [...template.content.querySelectorAll('img[src]')];
  const rewrites = images.map(async (image) => {
    const path = storedPathOfSrc(image.getAttribute('src') ?? '', options.origin);
    if (path === null) return;
    try {
      image.setAttribute('src', await client.viewUrl(path));
    } catch {
      // Left as it was.
    }
  });
  await Promise.all(rewrites);
  return template.innerHTML;
}
