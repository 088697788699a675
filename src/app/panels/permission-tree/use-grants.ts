import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { useServices } from '../../services';
import type { GrantEndpoints } from './endpoints';
import {
  indexTree,
  isDirty,
  knownIds,
  saveBody,
  toggle,
  type PermissionNode,
  type TreeIndex,
} from './tree-state';

export type GrantsLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | {
      readonly state: 'ready';
      readonly roots: readonly PermissionNode[];
      readonly index: TreeIndex;
      /** What is saved on the server. */
      readonly saved: ReadonlySet<string>;
    };

export interface Grants {
  readonly load: GrantsLoad;
  readonly checked: ReadonlySet<string>;
  readonly dirty: boolean;
  readonly saving: boolean;
  tick(key: string, tick: boolean, linked: boolean): void;
  setAll(tick: boolean): void;
  /** Saves the difference; resolves true when the server accepted it. */
  save(): Promise<boolean>;
  retry(): void;
}

/** The tree, what the owner holds, the user's ticks, and saving them as a difference. */
export function useGrants(endpoints: GrantEndpoints): Grants {
  const { http } = useServices();
  const { message } = App.useApp();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<GrantsLoad>({ state: 'loading' });
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    Promise.all([
      http.get<{ treeList: PermissionNode[] }>(endpoints.tree.url, endpoints.tree.params),
      http.get<string[]>(endpoints.granted.url, endpoints.granted.params),
    ]).then(
      ([tree, granted]) => {
        if (!live) return;
        if (!tree.success || !granted.success) {
          setLoad({ state: 'failed', message: (tree.success ? granted : tree).message });
          return;
        }
        const roots = tree.result.treeList ?? [];
        const index = indexTree(roots);
        const saved = knownIds(index, granted.result ?? []);
        setLoad({ state: 'ready', roots, index, saved });
        setChecked(saved);
      },
      (error: unknown) => {
        if (live)
          setLoad({
            state: 'failed',
            message: error instanceof Error ? error.message : '加载失败',
          });
      },
    );
    return () => {
      live = false;
    };
  }, [http, endpoints, attempt]);

  const tick = useCallback(
    (key: string, on: boolean, linked: boolean) => {
      if (load.state === 'ready') setChecked((c) => toggle(load.index, c, key, on, linked));
    },
    [load],
  );

  const setAll = useCallback(
    (on: boolean) => {
      if (load.state === 'ready') setChecked(on ? new Set(load.index.keys) : new Set());
    },
    [load],
  );

  const save = useCallback(async () => {
    if (load.state !== 'ready') return false;
    setSaving(true);
    try {
      const envelope = await http.post<unknown>(endpoints.save.url, {
        ...endpoints.save.body,
        ...saveBody(checked, load.saved),
      });
      if (!envelope.success) {
        void message.warning(envelope.message);
        return false;
      }
      void message.success(envelope.message);
      setLoad({ ...load, saved: new Set(checked) });
      return true;
    } catch {
      return false; // shown by the runtime
    } finally {
      setSaving(false);
    }
  }, [http, endpoints, load, checked, message]);

  const dirty = load.state === 'ready' && isDirty(checked, load.saved);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, checked, dirty, saving, tick, setAll, save, retry };
}
