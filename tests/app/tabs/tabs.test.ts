import { describe, expect, it } from 'vitest';
import {
  EMPTY_TABS,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  openTab,
  renameTab,
  type TabsState,
} from '../../../src/app/tabs/tabs';

const HOME = '/dashboard/analysis';

function tabs(...paths: string[]): TabsState {
  return paths.reduce((state, path) => openTab(state, path, `T${path}`), EMPTY_TABS);
}
const paths = (state: TabsState) => state.tabs.map((t) => t.path);

describe('openTab', () => {
  it('adds a tab per distinct path (query included) titled from the route', () => {
    const state = openTab(openTab(EMPTY_TABS, '/a', 'A'), '/a?x=1', 'A');
    expect(state.tabs).toEqual([
      { path: '/a', title: 'A' },
      { path: '/a?x=1', title: 'A' },
    ]);
  });

  it('keeps an open tab as it is', () => {
    const state = tabs(HOME, '/a');
    expect(openTab(state, '/a', 'other')).toBe(state);
  });

  it('reopens a tab with the title remembered for its path', () => {
    let state = renameTab(tabs(HOME, '/a'), '/a', '编辑: 张三');
    state = closeTab(state, '/a', HOME, HOME).state;
    state = openTab(state, '/a', 'A');
    expect(state.tabs[1]).toEqual({ path: '/a', title: '编辑: 张三' });
  });
});

describe('closeTab', () => {
  it('refuses to close the home tab with 首页不能关闭!', () => {
    const state = tabs(HOME, '/a');
    expect(closeTab(state, HOME, '/a', HOME)).toEqual({
      state,
      navigateTo: null,
      refusal: '首页不能关闭!',
    });
  });

  it('refuses to close the last remaining tab with 这是最后一页，不能再关闭了啦', () => {
    const state = tabs('/a');
    expect(closeTab(state, '/a', '/a', HOME)).toEqual({
      state,
      navigateTo: null,
      refusal: '这是最后一页，不能再关闭了啦',
    });
  });

  it('closes an inactive tab and stays where the user is', () => {
    const outcome = closeTab(tabs(HOME, '/a', '/b'), '/b', '/a', HOME);
    expect(paths(outcome.state)).toEqual([HOME, '/a']);
    expect(outcome.navigateTo).toBeNull();
    expect(outcome.refusal).toBeNull();
  });

  it('closing the active tab moves to its left neighbour', () => {
    const outcome = closeTab(tabs(HOME, '/a', '/b', '/c'), '/b', '/b', HOME);
    expect(paths(outcome.state)).toEqual([HOME, '/a', '/c']);
    expect(outcome.navigateTo).toBe('/a');
  });

  it('closing an active first tab moves to the new first tab', () => {
    const outcome = closeTab(tabs('/a', '/b'), '/a', '/a', HOME);
    expect(outcome.navigateTo).toBe('/b');
  });

  it('ignores a path that has no tab', () => {
    const state = tabs(HOME, '/a');
    expect(closeTab(state, '/zzz', '/a', HOME)).toEqual({ state, navigateTo: null, refusal: null });
  });
});

describe('closeLeft / closeRight / closeOthers', () => {
  const state = tabs(HOME, '/a', '/b', '/c', '/d');

  it('closeLeft keeps home, the tab and everything right of it', () => {
    const outcome = closeLeft(state, '/c', '/c', HOME);
    expect(paths(outcome.state)).toEqual([HOME, '/c', '/d']);
    expect(outcome.navigateTo).toBeNull();
  });

  it('closeLeft moves to the tab when the active one went', () => {
    expect(closeLeft(state, '/c', '/a', HOME).navigateTo).toBe('/c');
  });

  it('closeLeft of the first tab changes nothing', () => {
    expect(closeLeft(state, HOME, HOME, HOME).state).toBe(state);
  });

  it('closeRight keeps home, everything left of the tab and the tab', () => {
    const outcome = closeRight(state, '/b', '/d', HOME);
    expect(paths(outcome.state)).toEqual([HOME, '/a', '/b']);
    expect(outcome.navigateTo).toBe('/b');
  });

  it('closeRight keeps a home tab that sits right of the tab', () => {
    const other = tabs('/a', HOME, '/b');
    expect(paths(closeRight(other, '/a', '/a', HOME).state)).toEqual(['/a', HOME]);
  });

  it('closeOthers keeps home and the tab', () => {
    const outcome = closeOthers(state, '/c', '/a', HOME);
    expect(paths(outcome.state)).toEqual([HOME, '/c']);
    expect(outcome.navigateTo).toBe('/c');
  });

  it('closeOthers on the active tab stays', () => {
    expect(closeOthers(state, '/b', '/b', HOME).navigateTo).toBeNull();
  });

  it('keeps remembered titles', () => {
    const renamed = renameTab(state, '/a', '改名');
    expect(closeOthers(renamed, '/c', '/c', HOME).state.titles).toEqual({ '/a': '改名' });
  });
});

describe('renameTab', () => {
  it('renames the open tab and remembers the title for the path', () => {
    const renamed = renameTab(tabs(HOME, '/a'), '/a', '新标题');
    expect(renamed.tabs[1]).toEqual({ path: '/a', title: '新标题' });
    expect(renamed.titles).toEqual({ '/a': '新标题' });
  });
});
