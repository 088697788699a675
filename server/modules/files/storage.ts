import fs from 'node:fs';
import path from 'node:path';
import { safeFileName } from '../../http/download';
import { newId } from '../../ids';

/**
 * Files the server keeps for download (import error reports, later uploads) under FILES_DIR,
 * addressed by a relative path with `/` separators and served by `GET /sys/common/static/*`.
 */

export { STATIC_PREFIX, staticFileUrl as fileUrl } from '../../../src/contracts/files';

/** A new, unguessable path `<folder>/<yyyyMMdd>/<name>_<random>.<ext>` (folders created). */
export function newStoredPath(
  filesDir: string,
  folder: string,
  name: string,
  extension: string,
): { relativePath: string; absolutePath: string } {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const file = `${safeFileName(name, 'file')}_${newId().slice(0, 12)}.${extension}`;
  const relativePath = [folder, day, file].join('/');
  const absolutePath = path.join(filesDir, folder, day, file);
  fs.mkdirSync(path.dirname(absolutePath), { recursive: true });
  return { relativePath, absolutePath };
}

/**
 * The absolute path of a stored file named by a request, or null when the name is not a plain
 * relative path inside FILES_DIR (absolute, `..`, NUL, a symlink leading out) or not written
 * the one way sys_file holds it (`a//b`, `a/b/`, backslashes): a file is guarded by its row,
 * found by the exact path, so no second spelling may reach the same file.
 */
export function resolveStored(filesDir: string, requested: string): string | null {
  if (requested === '' || requested.includes('\0') || path.isAbsolute(requested)) return null;
  if (requested.includes('\\')) return null;
  const segments = requested.split('/');
  if (segments.some((s) => s === '' || s === '..' || s === '.')) return null;
  const root = path.resolve(filesDir);
  const target = path.resolve(root, requested);
  if (!target.startsWith(root + path.sep)) return null;
  try {
    const real = fs.realpathSync(target);
    const realRoot = fs.realpathSync(root);
    // Not through a symlink either, even one staying inside: the path is the file's own.
    return path.relative(realRoot, real).split(path.sep).join('/') === requested ? real : null;
  } catch {
    return target; // does not exist: the caller answers 404
  }
}
