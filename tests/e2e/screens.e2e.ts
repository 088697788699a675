import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  dismissNotifications,
  documentWidth,
  HOME_PATH,
  launchBrowser,
  login,
  MOBILE,
  openMenu,
  openPage,
  openUserMenu,
  screenshot,
  searchDropdown,
  settle,
  submitLogin,
  tabByTitle,
  tabContextAction,
  userMenuButton,
  tabTitles,
  waitForPath,
  waitForPageRows,
  waitForScreen,
  waitUntil,
  type PageSession,
  type Viewport,
} from './support';

/**
 * Settles the page, checks that nothing sticks out sideways, then writes
 * tests/e2e/.artifacts/<prefix>-<name>.png (only the viewport while an overlay is open).
 */
async function shot(
  page: Page,
  prefix: string,
  name: string,
  options: { readonly overlay?: boolean } = {},
): Promise<void> {
  await settle(page);
  const { scrollWidth } = await documentWidth(page);
  const viewport = page.viewportSize();
  expect(scrollWidth, `${name}: horizontal overflow`).toBeLessThanOrEqual(viewport?.width ?? 0);
  await screenshot(page, `${prefix}-${name}`, { fullPage: !options.overlay });
}

async function closeDropdowns(page: Page): Promise<void> {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await page.keyboard.press('Escape');
  if ((await open.count()) > 0) await page.mouse.click(700, 600);
  await waitUntil(async () => (await open.count()) === 0, 'dropdowns to close');
}

const VIEWPORTS: readonly (readonly [string, Viewport])[] = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
];

for (const [prefix, viewport] of VIEWPORTS) {
  const mobile = viewport.width < 768;

  describe(`screenshots: ${prefix} (${viewport.width} × ${viewport.height})`, () => {
    let browser: Browser;
    let session: PageSession;

    beforeAll(async () => {
      browser = await launchBrowser();
      session = await openPage(browser, viewport);
    });
    afterEach(() => {
      session.collector.assertNone();
    });
    afterAll(async () => {
      await session?.close();
      await browser?.close();
    });

    it('login', async () => {
      const { page } = session;
      await page.goto('/user/login');
      await page.locator('#username').waitFor();
      await page.getByText('账号密码登录').waitFor();
      await shot(page, prefix, 'login');
    });

    it('register page (not open)', async () => {
      const { page } = session;
      await page.goto('/user/register');
      await page.getByText('暂未开放自助注册').waitFor();
      await shot(page, prefix, 'register');
    });

    it('login error', async () => {
      const { page } = session;
      await page.goto('/user/login');
      await submitLogin(page, 'admin', 'wrong-password');
      await page.locator('.ant-alert-error').filter({ hasText: '用户名或密码错误' }).waitFor();
      await shot(page, prefix, 'login-error');
    });

    it('login form validation', async () => {
      const { page } = session;
      await page.goto('/user/login');
      await page.getByRole('button', { name: '登 录' }).click();
      await page.getByText('请输入账号').waitFor();
      await page.getByText('请输入密码').waitFor();
      await shot(page, prefix, 'login-required');
    });

    it('dashboard, with the welcome notification and without', async () => {
      const { page } = session;
      await login(page, 'admin', '123456');
      await waitForPath(page, HOME_PATH);
      await page.locator('.ant-notification-notice').filter({ hasText: '欢迎' }).waitFor();
      await page.getByText('快捷入口').waitFor();
      await shot(page, prefix, 'dashboard-welcome', { overlay: true });
      await dismissNotifications(page);
      await shot(page, prefix, 'dashboard');
    });

    it('我的消息, a built-in page under a hidden menu entry', async () => {
      const { page } = session;
      await page.goto('/settings/notice/mine');
      await page.locator('.sa-page[data-page-code="sys_notice_mine"]:visible').waitFor();
      await shot(page, prefix, 'notice-mine');
    });

    it('a system screen drawn by the page engine: 用户管理', async () => {
      const { page } = session;
      await page.goto('/isystem/user');
      const screen = await waitForPageRows(page, 'sys_user');
      for (const name of ['新增', '批量删除', '导出', '导入', '回收站']) {
        await screen
          .getByRole('button', { name: new RegExp(name.split('').join('\\s*')) })
          .waitFor();
      }
      await shot(page, prefix, 'user-list');
    });

    it('404', async () => {
      const { page } = session;
      await page.goto('/no/such/screen');
      await waitForPath(page, '/404');
      await page.getByText('抱歉，您访问的页面不存在。').waitFor();
      await shot(page, prefix, '404');
    });

    it('/test/home', async () => {
      const { page } = session;
      await page.goto('/test/home');
      await page.getByText('网络安全模式').waitFor();
      const security = page.locator('.ant-descriptions-item-content').nth(2);
      await expect.poll(() => security.innerText()).not.toBe('…');
      await shot(page, prefix, 'test-home');
    });

    it('user dropdown', async () => {
      const { page } = session;
      await page.goto(HOME_PATH);
      await userMenuButton(page).waitFor();
      const menu = await openUserMenu(page);
      for (const entry of ['密码修改', '清理缓存', '退出登录']) {
        await menu.getByRole('menuitem', { name: new RegExp(entry) }).waitFor();
      }
      // Production build: the development-only 系统设置 is absent.
      expect(await menu.getByRole('menuitem', { name: /系统设置/ }).count()).toBe(0);
      await shot(page, prefix, 'user-menu', { overlay: true });
    });

    it('password dialog, empty and with the validation messages', async () => {
      const { page } = session;
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
      await menu.getByRole('menuitem', { name: /密码修改/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' });
      await dialog.getByText('确认新密码').waitFor();
      await shot(page, prefix, 'password-dialog', { overlay: true });
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.getByText('请输入旧密码!').waitFor();
      await dialog.getByText('请输入新密码!').waitFor();
      await dialog.getByText('请确认新密码!').waitFor();
      await shot(page, prefix, 'password-dialog-errors', { overlay: true });
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('logout confirmation', async () => {
      const { page } = session;
      const menu = await openUserMenu(page);
      await menu.getByRole('menuitem', { name: /退出登录/ }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText('真的要注销登录吗 ?').waitFor();
      await shot(page, prefix, 'logout-confirm', { overlay: true });
      await confirm.getByRole('button', { name: /取\s*消/ }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(HOME_PATH);
    });

    it('menu search open', async () => {
      const { page } = session;
      if (mobile) {
        await page.getByRole('button', { name: '搜索菜单' }).click();
        const modal = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
        await modal.getByRole('combobox', { name: '搜索菜单' }).click();
      } else {
        await page.getByRole('combobox', { name: '搜索菜单' }).click();
      }
      await searchDropdown(page).waitFor();
      await page.keyboard.type('管理');
      await searchDropdown(page).locator('.ant-select-item-option[title="角色管理"]').waitFor();
      await shot(page, prefix, 'menu-search', { overlay: true });
      await page.keyboard.press('Escape');
      if (mobile) {
        const modal = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
        await modal.locator('.ant-modal-close').click();
        await modal.waitFor({ state: 'hidden' });
      }
    });

    if (mobile) {
      it('drawer menu', async () => {
        const { page } = session;
        await page.getByRole('button', { name: '展开菜单' }).click();
        const drawer = page.locator('.ant-drawer-content-wrapper');
        await drawer.waitFor();
        await drawer.getByText('系统管理', { exact: true }).click();
        await drawer.getByText('分类字典', { exact: true }).waitFor();
        await shot(page, prefix, 'drawer-menu', { overlay: true });
        await drawer.getByText('用户管理', { exact: true }).click();
        await drawer.waitFor({ state: 'hidden' });
        await waitForPath(page, '/isystem/user');
      });
    } else {
      it('tabs with their context menu', async () => {
        const { page } = session;
        // The tabs of the earlier visits came back with each reload: start from 首页 alone.
        await tabContextAction(page, tabByTitle(page, '首页'), '关闭全部');
        await expect.poll(() => tabTitles(page)).toEqual(['首页']);
        await openMenu(page, '系统管理', '用户管理');
        await waitForScreen(page, '/isystem/user', '用户管理');
        await openMenu(page, '系统管理', '数据字典');
        await waitForScreen(page, '/isystem/dict', '数据字典');
        await openMenu(page, '系统管理', '系统通告');
        await waitForScreen(page, '/isystem/annountCement', '系统通告');
        await expect
          .poll(() => tabTitles(page))
          .toEqual(['首页', '用户管理', '数据字典', '系统通告']);
        await tabByTitle(page, '数据字典').locator('[data-path]').click({ button: 'right' });
        await page
          .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
          .getByRole('menuitem', { name: '关闭其它' })
          .waitFor();
        await shot(page, prefix, 'tabs-context-menu', { overlay: true });
        await closeDropdowns(page);
      });

      it('collapsed side menu', async () => {
        const { page } = session;
        await page.getByRole('button', { name: '收起菜单' }).click();
        await page.getByRole('button', { name: '展开菜单' }).waitFor();
        await shot(page, prefix, 'menu-collapsed');
        await page.getByRole('button', { name: '展开菜单' }).click();
        await page.getByRole('button', { name: '收起菜单' }).waitFor();
      });
    }
  });
}
