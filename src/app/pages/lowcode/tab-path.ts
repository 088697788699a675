import type { TabsState } from '../../tabs/tabs';

/**
 * Moves an open tab to another path in place (a new page that got its code keeps its tab),
 * with the title it had.
 */
export function replaceTabPath(state: TabsState, from: string, to: string): TabsState {
  if (!state.tabs.some((t) => t.path === from)) return state;
  const tabs = state.tabs
    .filter((t) => t.path !== to)
    .map((t) => (t.path === from ? { ...t, path: to } : t));
  return { ...state, tabs };
}
