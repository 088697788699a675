/** Multi-page tabs as pure list operations (shell.md §2 "Tabbed layout"). */

export const MSG_HOME_NOT_CLOSABLE = '首页不能关闭!';
export const MSG_LAST_TAB = '这是最后一页，不能再关闭了啦';

export interface Tab {
  /** Full path including the query: one tab per distinct path. */
  readonly path: string;
  readonly title: string;
}

export interface TabsState {
  readonly tabs: readonly Tab[];
  /** Titles remembered per path, so a reopened tab keeps a title a page gave it. */
  readonly titles: Readonly<Record<string, string>>;
}

export const EMPTY_TABS: TabsState = { tabs: [], titles: {} };

/** Outcome of a close: the new state, where to go if the active tab went, or a refusal. */
export interface CloseOutcome {
  readonly state: TabsState;
  /** Set when the active tab was closed: the path to show next. */
  readonly navigateTo: string | null;
  /** The message to show when the close is refused. */
  readonly refusal: string | null;
}

/** Opens (or keeps) a tab for the path; a remembered title wins over the route's. */
export function openTab(state: TabsState, path: string, routeTitle: string): TabsState {
  if (state.tabs.some((t) => t.path === path)) return state;
  const title = state.titles[path] ?? routeTitle;
  return { ...state, tabs: [...state.tabs, { path, title }] };
}

/** Renames a tab and remembers the title for the path. */
export function renameTab(state: TabsState, path: string, title: string): TabsState {
  return {
    tabs: state.tabs.map((t) => (t.path === path ? { ...t, title } : t)),
    titles: { ...state.titles, [path]: title },
  };
}

function outcome(
  state: TabsState,
  tabs: readonly Tab[],
  active: string,
  fallbackIndex: number,
): CloseOutcome {
  const next = { ...state, tabs };
  if (tabs.some((t) => t.path === active)) return { state: next, navigateTo: null, refusal: null };
  const target = tabs[Math.min(fallbackIndex, tabs.length - 1)] ?? tabs[tabs.length - 1];
  return { state: next, navigateTo: target?.path ?? null, refusal: null };
}

function refused(state: TabsState, refusal: string): CloseOutcome {
  return { state, navigateTo: null, refusal };
}

/** Closes one tab; the home tab and the last tab are refused. */
export function closeTab(
  state: TabsState,
  path: string,
  active: string,
  home: string,
): CloseOutcome {
  if (path === home) return refused(state, MSG_HOME_NOT_CLOSABLE);
  if (state.tabs.length <= 1) return refused(state, MSG_LAST_TAB);
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index < 0) return { state, navigateTo: null, refusal: null };
  const tabs = state.tabs.filter((t) => t.path !== path);
  // The neighbour on the left takes over, as in a browser.
  return outcome(state, tabs, active, Math.max(0, index - 1));
}

/** Closes the tabs `closes(i, index)` picks, relative to the tab of `path`; home stays. */
function closeWhere(
  state: TabsState,
  path: string,
  active: string,
  home: string,
  closes: (i: number, index: number) => boolean,
): CloseOutcome {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index < 0) return { state, navigateTo: null, refusal: null };
  const tabs = state.tabs.filter((t, i) => t.path === home || !closes(i, index));
  if (tabs.length === state.tabs.length) return { state, navigateTo: null, refusal: null };
  return outcome(
    state,
    tabs,
    active,
    tabs.findIndex((t) => t.path === path),
  );
}

/** Closes the tabs left of `path` (the home tab stays). */
export function closeLeft(
  state: TabsState,
  path: string,
  active: string,
  home: string,
): CloseOutcome {
  return closeWhere(state, path, active, home, (i, index) => i < index);
}

/** Closes the tabs right of `path` (the home tab stays). */
export function closeRight(
  state: TabsState,
  path: string,
  active: string,
  home: string,
): CloseOutcome {
  return closeWhere(state, path, active, home, (i, index) => i > index);
}

/** Closes every tab but `path` and home. */
export function closeOthers(
  state: TabsState,
  path: string,
  active: string,
  home: string,
): CloseOutcome {
  return closeWhere(state, path, active, home, (i, index) => i !== index);
}

/** Closes every tab but home (kept even when it was closed before) and goes home. */
export function closeAll(state: TabsState, active: string, home: string): CloseOutcome {
  const homeTab = state.tabs.find((t) => t.path === home);
  const tabs = homeTab ? [homeTab] : [];
  if (tabs.length === state.tabs.length) return { state, navigateTo: null, refusal: null };
  return {
    state: { ...state, tabs },
    navigateTo: active === home ? null : home,
    refusal: null,
  };
}
