import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../../registry/services';
import { joinFilePaths, splitFilePaths } from '../../../src/contracts/files';
import { fileClientFor } from '../../../src/runtime/files';
import { useFileNames } from './use-file-names';

/** widgets.md §3 "Uploaded file value", §4 "Upload status". */
export type UploadStatus = 'uploading' | 'done' | 'error';

/** One file of an upload field: a stored path (done) or a file on its way (uploading, error). */
export interface UploadItem {
  /** Stable key within the field. */
  readonly uid: string;
  readonly name: string;
  readonly status: UploadStatus;
  /** 0–100. */
  readonly percent: number;
  /** The stored path (done). */
  readonly path?: string;
  /** Why the upload failed (error): the server's message, else 未知错误. */
  readonly message?: string;
}

/**
 * Where a finished upload goes: `append` after the others (the field limits what is chosen),
 * `replace` the held file, `keep-last` after the others keeping only the last `limit`
 * (widgets.md §9: an image field with `multiple`).
 */
export type UploadMode = 'append' | 'replace' | 'keep-last';

export interface UploadSettings {
  readonly biz?: string;
  /** A same-site path instead of the upload route. */
  readonly action?: string;
  readonly responseName?: string;
  /** Most files held; 0 or less: no limit. */
  readonly limit: number;
  readonly mode: UploadMode;
  /** Called once per failed attempt (the field's message, the image cell's dialog). */
  readonly onError?: (item: UploadItem) => void;
}

export interface Uploads {
  /** The held files (done, in value order), then those on their way. */
  readonly items: readonly UploadItem[];
  /** The stored paths held. */
  readonly paths: readonly string[];
  /** Starts uploading chosen files (as many as the mode and limit allow). */
  add(files: readonly File[]): void;
  /** Uploads a failed file again. */
  retry(uid: string): void;
  /** Drops a file: a held path leaves the value, an upload on its way is aborted. */
  remove(uid: string): void;
  /** Moves a held file `delta` places (the value's order changes). */
  move(uid: string, delta: number): void;
}

let counter = 0;
const DONE = 'done:';

function doneItems(paths: readonly string[], nameOf: (path: string) => string): UploadItem[] {
  return paths.map((path, i) => ({
    uid: `${DONE}${i}`,
    name: nameOf(path),
    status: 'done',
    percent: 100,
    path,
  }));
}

function placed(paths: readonly string[], path: string, s: UploadSettings): string[] {
  if (s.mode === 'replace') return [path];
  const next = [...paths, path];
  return s.mode === 'keep-last' && s.limit > 0 ? next.slice(-s.limit) : next;
}

/**
 * The upload state of a file field (widgets.md §4): the value's stored paths plus the files
 * being uploaded through the file client (real progress), each ending done (its path joins the
 * value, emitted at once) or error (kept with its message, retryable). Uploads still on their
 * way when the field goes away are aborted.
 */
export function useUploads(
  value: unknown,
  onChange: ((value: unknown) => void) | undefined,
  settings: UploadSettings,
): Uploads {
  const client = fileClientFor(useServices().http);
  const paths = useMemo(() => splitFilePaths(value), [value]);
  const [pending, setPending] = useState<readonly UploadItem[]>([]);
  const latest = useRef<readonly string[]>(paths);
  const config = useRef({ settings, onChange });
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());

  useLayoutEffect(() => {
    latest.current = paths;
    config.current = { settings, onChange };
  });

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const emit = useCallback((next: readonly string[]) => {
    latest.current = next;
    config.current.onChange?.(joinFilePaths(next));
  }, []);

  const patch = useCallback((uid: string, change: Partial<UploadItem>) => {
    setPending((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (uid: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      const s = config.current.settings;
      client
        .upload(file, {
          biz: s.biz,
          action: s.action,
          responseName: s.responseName,
          signal: controller.signal,
          onProgress: (percent) => {
            if (!controller.signal.aborted) patch(uid, { percent });
          },
        })
        .then(
          (path) => {
            if (controller.signal.aborted) return;
            controllers.current.delete(uid);
            files.current.delete(uid);
            setPending((list) => list.filter((item) => item.uid !== uid));
            emit(placed(latest.current, path, config.current.settings));
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            controllers.current.delete(uid);
            const message = error instanceof Error ? error.message : '';
            patch(uid, { status: 'error', message });
            config.current.settings.onError?.({
              uid,
              name: file.name,
              status: 'error',
              percent: 0,
              message,
            });
          },
        );
    },
    [client, emit, patch],
  );

  const drop = useCallback((uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    files.current.delete(uid);
  }, []);

  const pendingCount = useRef(0);
  useLayoutEffect(() => {
    pendingCount.current = pending.length;
  });

  const add = useCallback(
    (chosen: readonly File[]) => {
      const s = config.current.settings;
      let take = [...chosen];
      if (s.mode === 'replace') take = take.slice(-1);
      else if (s.mode === 'keep-last' && s.limit > 0) take = take.slice(-s.limit);
      else if (s.limit > 0) {
        const room = s.limit - latest.current.length - pendingCount.current;
        take = take.slice(0, Math.max(room, 0));
      }
      if (take.length === 0) return;
      const added = take.map((file) => {
        const uid = `up-${++counter}`;
        files.current.set(uid, file);
        return { uid, file };
      });
      setPending((list) => {
        const kept = s.mode === 'replace' ? [] : list;
        if (s.mode === 'replace') for (const item of list) drop(item.uid);
        return [
          ...kept,
          ...added.map(({ uid, file }) => ({
            uid,
            name: file.name,
            status: 'uploading' as const,
            percent: 0,
          })),
        ];
      });
      for (const { uid, file } of added) start(uid, file);
    },
    [drop, start],
  );

  const retry = useCallback(
    (uid: string) => {
      const file = files.current.get(uid);
      if (!file) return;
      patch(uid, { status: 'uploading', percent: 0, message: undefined });
      start(uid, file);
    },
    [patch, start],
  );

  const remove = useCallback(
    (uid: string) => {
      if (uid.startsWith(DONE)) {
        const index = Number(uid.slice(DONE.length));
        emit(latest.current.filter((_, i) => i !== index));
        return;
      }
      drop(uid);
      setPending((list) => list.filter((item) => item.uid !== uid));
    },
    [drop, emit],
  );

  const move = useCallback(
    (uid: string, delta: number) => {
      if (!uid.startsWith(DONE)) return;
      const from = Number(uid.slice(DONE.length));
      const to = from + delta;
      const next = [...latest.current];
      if (to < 0 || to >= next.length) return;
      [next[from], next[to]] = [next[to]!, next[from]!];
      emit(next);
    },
    [emit],
  );

  const nameOf = useFileNames(paths);
  const items = useMemo(() => [...doneItems(paths, nameOf), ...pending], [paths, nameOf, pending]);
  return { items, paths, add, retry, remove, move };
}
