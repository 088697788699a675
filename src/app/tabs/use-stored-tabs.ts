import { useEffect, useRef } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import type { RouteObject } from 'react-router-dom';
import { useServices } from '../services';
import { userAtom } from '../state/atoms';
import { matchScreen } from '../router/screen-routes';
import { tabsAtom } from './tabs-atom';
import { readStoredTabs, restoreTabs, writeStoredTabs } from './tabs-storage';

/**
 * Keeps the open tabs in local storage for the signed-in user and brings them back on the
 * first render after a reload, dropping those whose path the user's menu no longer opens.
 */
export function useStoredTabs(objects: RouteObject[]): void {
  const { cache } = useServices();
  const user = useAtomValue(userAtom);
  const [tabs, setTabs] = useAtom(tabsAtom);
  const restoredFor = useRef<string | null>(null);
  const userId = user?.id ?? null;

  // Declared before the restore, so the render that restores does not store the old state.
  useEffect(() => {
    if (userId && restoredFor.current === userId) writeStoredTabs(cache, userId, tabs);
  }, [cache, userId, tabs]);

  useEffect(() => {
    if (!userId || restoredFor.current === userId) return;
    restoredFor.current = userId;
    const stored = readStoredTabs(cache, userId);
    const opens = (path: string) => matchScreen(objects, path.split('?')[0] ?? path) !== null;
    setTabs((state) => restoreTabs(state, stored, opens));
  }, [cache, userId, objects, setTabs]);
}
