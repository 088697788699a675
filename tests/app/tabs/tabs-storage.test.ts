import { describe, expect, it } from 'vitest';
import { createExpiringCache } from '../../../src/runtime/expiring-cache';
import { EMPTY_TABS, closeAll, openTab } from '../../../src/app/tabs/tabs';
import {
  readStoredTabs,
  restoreTabs,
  storedTabsKey,
  writeStoredTabs,
} from '../../../src/app/tabs/tabs-storage';

const HOME = '/dashboard/analysis';

describe('stored tabs', () => {
  it('are kept per user', () => {
    const cache = createExpiringCache(window.localStorage);
    writeStoredTabs(cache, 'u1', openTab(EMPTY_TABS, '/a', 'A'));
    expect(readStoredTabs(cache, 'u1')).toEqual([{ path: '/a', title: 'A' }]);
    expect(readStoredTabs(cache, 'u2')).toEqual([]);
  });

  it('read anything of another shape as none', () => {
    const cache = createExpiringCache(window.localStorage);
    cache.set(storedTabsKey('u3'), { tabs: [{ path: 'javascript:x', title: 'x' }, 7, null] });
    expect(readStoredTabs(cache, 'u3')).toEqual([]);
    cache.set(storedTabsKey('u3'), 'garbage');
    expect(readStoredTabs(cache, 'u3')).toEqual([]);
  });

  it('come back in order, without paths the user may no longer open, before the page landed on', () => {
    const landed = openTab(EMPTY_TABS, '/b', 'B');
    const stored = [
      { path: HOME, title: '首页' },
      { path: '/gone', title: '以前的' },
      { path: '/b', title: 'B 的标题' },
      { path: '/c?x=1', title: 'C' },
    ];
    const state = restoreTabs(landed, stored, (path) => path !== '/gone');
    expect(state.tabs.map((t) => t.path)).toEqual([HOME, '/b', '/c?x=1']);
  });
});

describe('closeAll', () => {
  it('keeps the home tab and goes home', () => {
    const state = ['/a', '/b'].reduce(
      (s, p) => openTab(s, p, p),
      openTab(EMPTY_TABS, HOME, '首页'),
    );
    const outcome = closeAll(state, '/b', HOME);
    expect(outcome.state.tabs.map((t) => t.path)).toEqual([HOME]);
    expect(outcome.navigateTo).toBe(HOME);
  });
});
