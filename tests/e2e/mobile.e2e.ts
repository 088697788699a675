import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  documentWidth,
  HOME_PATH,
  login,
  MOBILE,
  settle,
  userMenuButton,
  waitForPath,
  browserSession,
  waitForPageRows,
} from './support';

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth } = await documentWidth(page);
  expect(scrollWidth).toBeLessThanOrEqual(MOBILE.width);
}

describe('mobile (375 × 740)', () => {
  const session = browserSession({ viewport: MOBILE });

  it('fits the login page in the width', async () => {
    const { page } = session;
    await page.goto('/user/login');
    await page.locator('#username').waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    for (const target of [
      page.locator('#username'),
      page.locator('#password'),
      page.getByRole('button', { name: '登 录' }),
    ]) {
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
    }
  });

  it('signs in to a layout without tab bar, without 欢迎您, without horizontal scroll', async () => {
    const { page } = session;
    await login(page, 'admin', '123456');
    await waitForPath(page, HOME_PATH);
    await dismissNotifications(page);
    await settle(page);
    expect(await page.locator('.ant-tabs').count()).toBe(0);
    expect(await page.locator('header').first().innerText()).not.toContain('欢迎您');
    expect(await userMenuButton(page).innerText()).not.toContain('欢迎您');
    // No side menu columns: the menu lives in the drawer.
    expect(await page.locator('nav[aria-label="一级菜单"]').count()).toBe(0);
    await expectNoHorizontalScroll(page);
  });

  it('opens the drawer menu, navigates from it and closes it', async () => {
    const { page } = session;
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(200);
    const menu = drawer.locator('.ant-menu');
    await menu.getByText('系统管理', { exact: true }).click();
    const item = menu
      .locator('.ant-menu-item')
      .filter({ has: page.getByText('角色管理', { exact: true }) });
    await item.click();
    await waitForPath(page, '/isystem/role');
    await drawer.waitFor({ state: 'hidden' });
    await waitForPageRows(page, 'sys_role');
    expect(await page.locator('.ant-tabs').count()).toBe(0);
    await expectNoHorizontalScroll(page);
  });

  it('opens the drawer again and goes home from it', async () => {
    const { page } = session;
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.waitFor();
    // The current screen is the selected entry.
    await expect
      .poll(() => drawer.locator('.ant-menu-item-selected').innerText())
      .toContain('角色管理');
    await drawer.locator('.ant-menu-item').filter({ hasText: '首页' }).click();
    await waitForPath(page, HOME_PATH);
    await drawer.waitFor({ state: 'hidden' });
  });

  it('closes the drawer when the mask is clicked', async () => {
    const { page } = session;
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.waitFor();
    await page.mouse.click(MOBILE.width - 20, MOBILE.height / 2);
    await drawer.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(HOME_PATH);
  });
});
