import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HOME_PATH,
  MOBILE,
  browserSession,
  openMenu,
  screenshot,
  settle,
  tabByTitle,
  tabContextAction,
  tabPaths,
  tabTitles,
  waitForPageRows,
  waitForPath,
  waitForScreen,
  type Viewport,
} from './support';

/** 1440 px: the width the issue looks at on desktop. */
const WIDE = { width: 1440, height: 900 } as const;

function drawer(page: Page): Locator {
  return page.locator('.ant-drawer-content:visible');
}

/** Opens 角色管理 → 授权 of the admin role with the whole tree expanded. */
async function openAdminRoleGrants(page: Page, phone: boolean): Promise<void> {
  if (phone) {
    await page.goto('/isystem/role');
  } else {
    await openMenu(page, '系统管理', '角色管理');
  }
  const roles = await waitForPageRows(page, 'sys_role');
  const row = roles.locator('tr.ant-table-row').filter({ hasText: 'admin' }).first();
  const grant = row.getByText('授权', { exact: true });
  if (await grant.isVisible()) {
    await grant.click();
  } else {
    // On a phone the row shows one link and 更多; 授权 is in 更多.
    await row.getByText('更多', { exact: true }).click();
    await page.locator('.ant-dropdown:visible').getByText('授权', { exact: true }).click();
  }
  await drawer(page).getByText('为 角色', { exact: false }).waitFor();
  await drawer(page).getByRole('button', { name: '展开全部' }).click();
  await drawer(page).locator('.ant-tree-treenode').last().waitFor();
}

/**
 * Scrolls the tree (and whatever scrolls around it) to the end and returns the boxes of the
 * last tree rows and of the footer buttons' bar.
 */
async function boxesAtTheEnd(page: Page) {
  const panel = drawer(page);
  await panel.evaluate((root) => {
    for (const el of root.querySelectorAll<HTMLElement>('.ant-drawer-body, .sa-perm-body')) {
      el.scrollTop = el.scrollHeight;
    }
  });
  await settle(page);
  const footer = await panel.locator('.sa-perm-footer').boundingBox();
  const rows = panel.locator('.ant-tree-treenode');
  const count = await rows.count();
  const last = [];
  for (let i = Math.max(0, count - 3); i < count; i += 1)
    last.push(await rows.nth(i).boundingBox());
  return { footer, last };
}

/**
 * Tree rows whose visible part (the row cut to the box that scrolls it) lies under the footer,
 * at the tree's current scroll position: their titles.
 */
function rowsUnderTheFooter(page: Page): Promise<string[]> {
  return drawer(page).evaluate((root) => {
    const footer = root.querySelector('.sa-perm-footer')!.getBoundingClientRect();
    const scroller = (el: Element): Element => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const { overflowY } = getComputedStyle(up);
        if (overflowY === 'auto' || overflowY === 'scroll') return up;
      }
      return document.documentElement;
    };
    const under: string[] = [];
    for (const row of root.querySelectorAll('.ant-tree-treenode')) {
      const box = row.getBoundingClientRect();
      const clip = scroller(row).getBoundingClientRect();
      const top = Math.max(box.top, clip.top);
      const bottom = Math.min(box.bottom, clip.bottom);
      if (bottom - top > 0.5 && bottom > footer.top + 0.5 && top < footer.bottom - 0.5) {
        under.push(row.textContent ?? '');
      }
    }
    return under;
  });
}

function footerOverlapsNoRow(viewport: Viewport, phone: boolean) {
  const session = browserSession({ viewport, user: 'admin' });

  it(`角色管理 → 授权 at ${viewport.width} px: the buttons lie over no tree row`, async () => {
    const { page } = session;
    await openAdminRoleGrants(page, phone);
    // Before scrolling: no row shows through under the buttons.
    expect(await rowsUnderTheFooter(page)).toEqual([]);
    const { footer, last } = await boxesAtTheEnd(page);
    expect(await rowsUnderTheFooter(page)).toEqual([]);
    expect(footer).not.toBeNull();
    // The footer is inside the window, with its three buttons.
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(viewport.height);
    for (const name of ['取 消', '仅保存', '保存并关闭']) {
      expect(await drawer(page).getByRole('button', { name }).isVisible()).toBe(true);
    }
    expect(last.length).toBeGreaterThan(0);
    for (const row of last) {
      expect(row).not.toBeNull();
      // The row ends above the footer begins: it is readable, not covered.
      expect(row!.y + row!.height).toBeLessThanOrEqual(footer!.y + 0.5);
    }
    await screenshot(page, `grants-footer-${viewport.width}`, { fullPage: false });
    await drawer(page).getByRole('button', { name: '取 消' }).click();
  });
}

describe('授权 footer (1440 px)', () => footerOverlapsNoRow(WIDE, false));
describe('授权 footer (375 px)', () => footerOverlapsNoRow(MOBILE, true));

describe('tabs across a reload', () => {
  const session = browserSession({ viewport: WIDE, user: 'admin' });

  it('come back after a reload in their order', async () => {
    const { page } = session;
    await openMenu(page, '系统管理', '用户管理');
    await waitForScreen(page, '/isystem/user', '用户管理');
    await openMenu(page, '系统管理', '角色管理');
    await waitForScreen(page, '/isystem/role', '角色管理');
    await openMenu(page, '系统管理', '菜单管理');
    await waitForScreen(page, '/isystem/permission', '菜单管理');
    const before = await tabPaths(page);
    expect(before).toEqual([HOME_PATH, '/isystem/user', '/isystem/role', '/isystem/permission']);

    await page.reload();
    await waitForScreen(page, '/isystem/permission', '菜单管理');
    await expect.poll(() => tabPaths(page)).toEqual(before);
    expect(await tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '菜单管理']);
    // A restored tab loads its page when it is opened, not with the reload.
    expect(await page.locator('[data-tab-pane="/isystem/user"]').count()).toBe(0);
    await tabByTitle(page, '用户管理').locator('[data-path]').click();
    await waitForScreen(page, '/isystem/user', '用户管理');
    await page.locator('[data-tab-pane="/isystem/user"] tr.ant-table-row').first().waitFor();
    await tabByTitle(page, '菜单管理').locator('[data-path]').click();
    await waitForScreen(page, '/isystem/permission', '菜单管理');
  });

  it('关闭当前 closes the tab it was opened on', async () => {
    const { page } = session;
    await tabContextAction(page, tabByTitle(page, '角色管理'), '关闭当前');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '菜单管理']);
    expect(new URL(page.url()).pathname).toBe('/isystem/permission');
  });

  it('关闭全部 keeps 首页 and goes there; a reload keeps it so', async () => {
    const { page } = session;
    await tabContextAction(page, tabByTitle(page, '用户管理'), '关闭全部');
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await page.reload();
    await waitForScreen(page, HOME_PATH, '首页');
    await settle(page);
    expect(await tabTitles(page)).toEqual(['首页']);
  });
});
