import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  closeTabButton,
  HOME_PATH,
  login,
  openMenu,
  pathOf,
  tabByPath,
  tabByTitle,
  tabContextAction,
  tabPaths,
  tabTitles,
  toast,
  waitForPath,
  waitForScreen,
  browserSession,
  waitForPageRows,
} from './support';

const MSG_HOME = '首页不能关闭!';
const MSG_LAST = '这是最后一页，不能再关闭了啦';

/** Follows an in-app link the way a router link does (no page load). */
async function pushPath(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, target);
  await waitForPath(page, target);
}

describe('multi-page tabs (desktop)', () => {
  const session = browserSession({ user: 'admin' });

  it('opens a tab titled with the menu title for every screen opened from the menu', async () => {
    const { page } = session;
    await openMenu(page, '首页');
    await waitForScreen(page, HOME_PATH, '首页');
    await openMenu(page, '系统管理', '用户管理');
    await waitForScreen(page, '/isystem/user', '用户管理');
    await openMenu(page, '系统管理', '角色管理');
    await waitForScreen(page, '/isystem/role', '角色管理');
    await openMenu(page, '系统管理', '菜单管理');
    await waitForScreen(page, '/isystem/permission', '菜单管理');

    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '菜单管理']);
    expect(await tabPaths(page)).toEqual([
      HOME_PATH,
      '/isystem/user',
      '/isystem/role',
      '/isystem/permission',
    ]);
    expect(await tabByTitle(page, '菜单管理').getAttribute('class')).toContain(
      'ant-tabs-tab-active',
    );
  });

  it('switches to a tab by clicking it, without opening another', async () => {
    const { page } = session;
    await tabByTitle(page, '用户管理').locator('[data-path]').click();
    await waitForPath(page, '/isystem/user');
    await waitForPageRows(page, 'sys_user');
    await openMenu(page, '系统管理', '用户管理');
    expect(await tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '菜单管理']);
    await tabByTitle(page, '菜单管理').locator('[data-path]').click();
    await waitForScreen(page, '/isystem/permission', '菜单管理');
  });

  it('refuses to close 首页 with 首页不能关闭!', async () => {
    const { page } = session;
    await closeTabButton(tabByTitle(page, '首页'));
    await toast(page, MSG_HOME).waitFor();
    expect(await tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '菜单管理']);
    expect(pathOf(page)).toBe('/isystem/permission');
  });

  it('关闭右侧 on 角色管理 closes 菜单管理 and shows 角色管理', async () => {
    const { page } = session;
    await tabContextAction(page, tabByTitle(page, '角色管理'), '关闭右侧');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理']);
    await waitForScreen(page, '/isystem/role', '角色管理');
  });

  it('关闭左侧 on 角色管理 closes 用户管理 but keeps 首页', async () => {
    const { page } = session;
    await tabContextAction(page, tabByTitle(page, '角色管理'), '关闭左侧');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
    expect(pathOf(page)).toBe('/isystem/role');
  });

  it('关闭其它 keeps only that tab and 首页', async () => {
    const { page } = session;
    await openMenu(page, '系统管理', '用户管理');
    await waitForScreen(page, '/isystem/user', '用户管理');
    await openMenu(page, '系统管理', '菜单管理');
    await waitForScreen(page, '/isystem/permission', '菜单管理');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '用户管理', '菜单管理']);

    await tabContextAction(page, tabByTitle(page, '用户管理'), '关闭其它');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理']);
    await waitForScreen(page, '/isystem/user', '用户管理');
  });

  it('刷新 keeps the tab and reloads its page', async () => {
    const { page } = session;
    const pane = page.locator('[data-tab-pane="/isystem/user"]');
    await pane.evaluate((el) => el.setAttribute('data-e2e-marker', 'before-refresh'));
    await tabContextAction(page, tabByTitle(page, '用户管理'), '刷新');
    // A page-engine screen takes a moment to mount again.
    await expect.poll(() => pane.getAttribute('data-e2e-marker'), { timeout: 5000 }).toBeNull();
    await waitForPageRows(page, 'sys_user');
    expect(await tabTitles(page)).toEqual(['首页', '用户管理']);
    expect(pathOf(page)).toBe('/isystem/user');
  });

  it('keeps one tab per path: the same screen with another query is its own tab', async () => {
    const { page } = session;
    await pushPath(page, '/isystem/user?tab=2');
    await expect
      .poll(() => tabPaths(page))
      .toEqual([HOME_PATH, '/isystem/user', '/isystem/user?tab=2']);
    expect(await tabTitles(page)).toEqual(['首页', '用户管理', '用户管理']);

    await tabByPath(page, '/isystem/user').locator('[data-path]').click();
    await waitForPath(page, '/isystem/user');
    await tabByPath(page, '/isystem/user?tab=2').locator('[data-path]').click();
    await waitForScreen(page, '/isystem/user?tab=2', '用户管理');
    // Going to an open path again reuses its tab.
    await pushPath(page, '/isystem/user');
    await tabByPath(page, '/isystem/user').locator('[data-path]').waitFor();
    expect(await tabPaths(page)).toEqual([HOME_PATH, '/isystem/user', '/isystem/user?tab=2']);

    // Closing the active tab shows its left neighbour.
    await closeTabButton(tabByPath(page, '/isystem/user'));
    await expect.poll(() => tabPaths(page)).toEqual([HOME_PATH, '/isystem/user?tab=2']);
    await waitForScreen(page, HOME_PATH, '首页');
  });
});

describe('the only tab (direct visit)', () => {
  const session = browserSession();

  it('refuses to close the last tab with 这是最后一页，不能再关闭了啦', async () => {
    const { page } = session;
    await page.goto('/isystem/role');
    await waitForPath(page, '/user/login?redirect=%2Fisystem%2Frole');
    await login(page, 'admin', '123456');
    await waitForScreen(page, '/isystem/role', '角色管理');
    await expect.poll(() => tabTitles(page)).toEqual(['角色管理']);

    await closeTabButton(tabByTitle(page, '角色管理'));
    await toast(page, MSG_LAST).waitFor();
    expect(await tabTitles(page)).toEqual(['角色管理']);
    expect(pathOf(page)).toBe('/isystem/role');
    session.collector.assertNone();
  });
});
