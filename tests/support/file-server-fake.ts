import {
  FILE_INFO_PATH,
  SIGN_URL_PATH,
  fileNameOf,
  splitFilePaths,
} from '../../src/contracts/files';
import type { ApiEnvelope } from '../../src/contracts/envelope';

/**
 * The server's file lookups for fake Http clients: `fileInfo` answers every asked path with its
 * name and `sign(path)` as its view URL (relative to the API base), `signUrl` answers
 * `sign(path)`. `names` gives upload names (default: the path's own reading). Every path asked
 * for a view URL is pushed to `asked`. Returns null for any other url.
 */
export function answerFileLookup(
  url: string,
  params: object | undefined,
  sign: (path: string) => string,
  options: { readonly asked?: string[]; readonly names?: Readonly<Record<string, string>> } = {},
): ApiEnvelope<unknown> | null {
  const q = (params ?? {}) as { paths?: string; path?: string };
  const answer = (result: unknown): ApiEnvelope<unknown> => ({
    success: true,
    message: '',
    code: 200,
    result,
    timestamp: 0,
  });
  if (url === FILE_INFO_PATH) {
    const paths = splitFilePaths(q.paths ?? '');
    options.asked?.push(...paths);
    return answer(
      paths.map((path) => ({
        path,
        name: options.names?.[path] ?? fileNameOf(path),
        size: 1,
        url: sign(path),
      })),
    );
  }
  if (url === SIGN_URL_PATH) {
    options.asked?.push(q.path ?? '');
    return answer(sign(q.path ?? ''));
  }
  return null;
}
