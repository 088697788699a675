import type { ExpiringCache } from '../../runtime/expiring-cache';
import { CACHE_TTL_MS } from '../../runtime/constants';
import type { Tab, TabsState } from './tabs';

/** Open tabs are kept per user, so a reload brings them back and another user never sees them. */
export function storedTabsKey(userId: string): string {
  return `MULTI_TAB_ROUTES:${userId}`;
}

function isTab(value: unknown): value is Tab {
  if (!value || typeof value !== 'object') return false;
  const { path, title } = value as Partial<Tab>;
  return typeof path === 'string' && path.startsWith('/') && typeof title === 'string';
}

/** The tabs stored for the user; anything of another shape reads as none. */
export function readStoredTabs(cache: ExpiringCache, userId: string): readonly Tab[] {
  const value = cache.get<unknown>(storedTabsKey(userId));
  const tabs = value && typeof value === 'object' ? (value as { tabs?: unknown }).tabs : null;
  return Array.isArray(tabs) ? tabs.filter(isTab) : [];
}

export function writeStoredTabs(cache: ExpiringCache, userId: string, state: TabsState): void {
  const tabs = state.tabs.map(({ path, title }) => ({ path, title }));
  cache.set(storedTabsKey(userId), { tabs }, CACHE_TTL_MS);
}

/**
 * The state after a reload: the stored tabs the user may still open (`opens(path)`), in their
 * order, then the tabs already open that were not stored (the page the reload landed on).
 */
export function restoreTabs(
  state: TabsState,
  stored: readonly Tab[],
  opens: (path: string) => boolean,
): TabsState {
  const kept = stored.filter(
    (tab, i) => opens(tab.path) && stored.findIndex((t) => t.path === tab.path) === i,
  );
  const rest = state.tabs.filter((tab) => !kept.some((t) => t.path === tab.path));
  const titles = { ...state.titles };
  for (const tab of kept) titles[tab.path] ??= tab.title;
  return { tabs: [...kept, ...rest], titles };
}
