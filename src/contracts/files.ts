/**
 * Stored files as browser and server both see them (widgets.md §3 "Uploaded file value"): a
 * file field holds the stored paths the upload answered, comma-joined; a stored path is
 * `<biz>/<yyyyMMdd>/<name>_<random>.<ext>` under FILES_DIR, served (for signed-in users) at
 * `/sys/common/static/<path>`.
 */

/** The route (under /system) that serves stored files. */
export const STATIC_PREFIX = '/sys/common/static/';

/** The upload route (under /system), multipart `file` parts with `biz` (widgets.md §7). */
export const UPLOAD_PATH = '/sys/common/upload';

/** Asks for a URL that works without the token header (`<img src>`), valid for minutes. */
export const SIGN_URL_PATH = '/sys/common/signUrl';

/**
 * Names and view URLs of held paths, many at once (`paths` comma-joined, at most
 * FILE_INFO_MAX): `FileInfo[]` of the files the caller may read.
 */
export const FILE_INFO_PATH = '/sys/common/fileInfo';
export const FILE_INFO_MAX = 50;

/** A stored file as widgets show it: the name it was uploaded with and a signed view URL. */
export interface FileInfo {
  readonly path: string;
  readonly name: string;
  readonly size: number;
  /** Under /system; works without the token header for a few minutes. */
  readonly url: string;
}

/** The folder uploads go to when the caller names none (widgets.md §9). */
export const DEFAULT_BIZ = 'temp';

/** Shown for a file whose name cannot be read from its value. */
export const UNKNOWN_FILE_NAME = '未知的文件';

/** The random suffix the server adds to a stored name (`report_1a2b3c4d5e6f.pdf`). */
const STORED_SUFFIX = /_[0-9a-f]{12}(?=\.[^./]*$|$)/;

/** The stored paths of a file field's value (empty entries dropped). */
export function splitFilePaths(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(splitFilePaths);
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A file field's value from its paths (`''` when none). */
export function joinFilePaths(paths: readonly string[]): string {
  return paths.filter(Boolean).join(',');
}

/**
 * The name a user reads for a stored path: its last segment without the server's random
 * suffix (`temp/20261127/合同_1a2b3c4d5e6f.pdf` → `合同.pdf`). A full URL reads the same way.
 */
export function fileNameOf(path: string | null | undefined): string {
  const last = (path ?? '').split(/[?#]/, 1)[0]!.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A stray % is read as it is.
  }
  name = name.replace(STORED_SUFFIX, '');
  return name === '' ? UNKNOWN_FILE_NAME : name;
}

/** A name cut after `keep` characters with `…` (widgets.md §9: file names after 5). */
export function shortenName(name: string, keep = 5): string {
  const chars = [...name];
  return chars.length > keep ? `${chars.slice(0, keep).join('')}…` : name;
}

/** Whether a stored path names a raster image the server serves inline (by its extension). */
export function isImagePath(path: string): boolean {
  return /\.(png|jpe?g|gif|webp)$/i.test(path.split(/[?#]/, 1)[0]!);
}

/** `/sys/common/static/<path>` with each segment percent-encoded. */
export function staticFileUrl(path: string): string {
  return `${STATIC_PREFIX}${path.split('/').map(encodeURIComponent).join('/')}`;
}
