import { atom } from 'jotai';
import { EMPTY_TABS, type TabsState } from './tabs';

/** Open tabs and remembered titles (the "included-route cache", cleared on logout). */
export const tabsAtom = atom<TabsState>(EMPTY_TABS);

/** Refresh counters per tab path: bumping one remounts that page. */
export const tabRefreshAtom = atom<Readonly<Record<string, number>>>({});
