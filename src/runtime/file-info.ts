import { FILE_INFO_MAX, FILE_INFO_PATH, type FileInfo } from '../contracts/files';
import type { Http } from './http';

/**
 * Names and view URLs of stored files, asked for in batches: every path wanted while a screen
 * renders goes out in one `GET /sys/common/fileInfo` (FILE_INFO_MAX a call), not one call per
 * thumbnail. Answers are kept while their signed URLs stay valid; names for as long as the page
 * lives (a stored file never changes its name).
 */

/** Signed URLs last 10 minutes on the server; reuse them for 8. */
export const VIEW_URL_REUSE_MS = 8 * 60_000;

export interface FileInfoLoader {
  /** The file's info, or null when it is unknown or the caller may not read it. */
  info(path: string): Promise<FileInfo | null>;
  /** The name already known for a path (uploaded here, or answered before). */
  knownName(path: string): string | undefined;
  /** Remembers the name of a file this page uploaded. */
  rememberName(path: string, name: string): void;
}

interface Waiting {
  resolve(info: FileInfo | null): void;
  reject(error: unknown): void;
}

export function createFileInfoLoader(http: Http, now: () => number): FileInfoLoader {
  const answers = new Map<string, { info: Promise<FileInfo | null>; at: number }>();
  const names = new Map<string, string>();
  let waiting = new Map<string, Waiting>();
  let scheduled = false;

  const ask = async (batch: Map<string, Waiting>) => {
    const paths = [...batch.keys()];
    try {
      const envelope = await http.get<FileInfo[]>(
        FILE_INFO_PATH,
        { paths: paths.join(',') },
        { silent: true },
      );
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      const found = new Map(envelope.result.map((info) => [info.path, info]));
      for (const [path, w] of batch) {
        const info = found.get(path);
        if (info) names.set(path, info.name);
        w.resolve(info ? { ...info, url: `${http.baseURL ?? ''}${info.url}` } : null);
      }
    } catch (error) {
      for (const w of batch.values()) w.reject(error);
    }
  };

  const flush = () => {
    scheduled = false;
    const all = [...waiting];
    waiting = new Map();
    for (let i = 0; i < all.length; i += FILE_INFO_MAX) {
      void ask(new Map(all.slice(i, i + FILE_INFO_MAX)));
    }
  };

  return {
    info(path) {
      const cached = answers.get(path);
      if (cached && now() - cached.at < VIEW_URL_REUSE_MS) return cached.info;
      const info = new Promise<FileInfo | null>((resolve, reject) => {
        waiting.set(path, { resolve, reject });
      });
      answers.set(path, { info, at: now() });
      info.catch(() => answers.delete(path));
      if (!scheduled) {
        scheduled = true;
        // After the current render's effects have all asked.
        setTimeout(flush, 0);
      }
      return info;
    },
    knownName: (path) => names.get(path),
    rememberName: (path, name) => names.set(path, name),
  };
}
