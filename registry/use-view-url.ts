import { useEffect, useState } from 'react';
import { splitFilePaths } from '../src/contracts/files';
import type { Http } from '../src/runtime/http';
import { fileClientFor } from '../src/runtime/files';

/**
 * A URL an `<img>` can show for a stored file path (the first of a comma-joined value): a
 * signed link, because an image request cannot carry the token header. `undefined` while it
 * is asked for, when there is no path, or when the server refuses it.
 */
export function useViewUrl(http: Http, value: string | null | undefined): string | undefined {
  const path = splitFilePaths(value ?? '')[0];
  const [url, setUrl] = useState<{ path: string; url: string }>();
  useEffect(() => {
    if (!path) return;
    let live = true;
    fileClientFor(http)
      .viewUrl(path)
      .then((signed) => live && setUrl({ path, url: signed }))
      .catch(() => live && setUrl(undefined));
    return () => {
      live = false;
    };
  }, [http, path]);
  return path && url?.path === path ? url.url : undefined;
}
