import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../registry/services';
import { fileNameOf } from '../../../src/contracts/files';
import { fileClientFor } from '../../../src/runtime/files';

/**
 * The names held paths were uploaded with (a stored path holds only a random id). Names come
 * from the file client: at once for files uploaded on this page or asked before, else from one
 * batched call per screen. Until a name arrives the path's own reading is shown.
 */
export function useFileNames(paths: readonly string[]): (path: string) => string {
  const client = fileClientFor(useServices().http);
  const key = paths.join(',');
  const [loaded, setLoaded] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const wanted = key === '' ? [] : key.split(',');
    const missing = wanted.filter((p) => client.knownName(p) === undefined && !loaded.has(p));
    if (missing.length === 0) return;
    let live = true;
    void Promise.all(missing.map(async (p) => [p, await client.name(p)] as const)).then(
      (answers) => {
        if (live) setLoaded((known) => new Map([...known, ...answers]));
      },
    );
    return () => {
      live = false;
    };
    // `loaded` is read, not followed: answers arrive once per path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  return useMemo(
    () => (path: string) => client.knownName(path) ?? loaded.get(path) ?? fileNameOf(path),
    [client, loaded],
  );
}
