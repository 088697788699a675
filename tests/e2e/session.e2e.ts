import { describe, expect, it } from 'vitest';
import {
  baseURL,
  breadcrumbTitles,
  HOME_PATH,
  logout,
  openMenu,
  pathOf,
  storedToken,
  submitLogin,
  userMenuButton,
  waitForPath,
  waitForScreen,
  browserSession,
  waitForPageRows,
} from './support';

const USER_INFO = '/system/module/default/member/admin/user-info';

describe('session: guard, login with redirect, logout', () => {
  const session = browserSession();

  it('sends an unauthenticated visit to the login page with the redirect query', async () => {
    const { page } = session;
    await page.goto('/isystem/user?tab=1');
    await waitForPath(page, '/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D1');
    await expect.poll(() => page.locator('#username').isVisible()).toBe(true);
    expect(await storedToken(page)).toBeNull();
  });

  it('refuses a wrong password with 用户名或密码错误 and stays on the login page', async () => {
    const { page } = session;
    await submitLogin(page, 'admin', 'not-the-password');
    const alert = page.locator('.ant-alert-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('用户名或密码错误');
    expect(pathOf(page)).toBe('/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D1');
    expect(await storedToken(page)).toBeNull();
  });

  it('logs in and returns to the original path, with a welcome notification', async () => {
    const { page } = session;
    await submitLogin(page, 'admin', '123456');
    await waitForPath(page, '/isystem/user?tab=1');
    await userMenuButton(page).waitFor();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '欢迎' });
    await notice.first().waitFor();
    expect(await storedToken(page)).toEqual(expect.any(String));
  });

  it('titles the page and shows the breadcrumb 首页 / 系统管理 / 用户管理', async () => {
    const { page } = session;
    await expect.poll(() => page.title()).toBe('用户管理 - Schema Admin');
    await expect.poll(() => breadcrumbTitles(page)).toEqual(['首页', '系统管理', '用户管理']);
    await waitForPageRows(page, 'sys_user');
  });

  it('keeps the session over a reload', async () => {
    const { page } = session;
    await page.reload();
    await userMenuButton(page).waitFor();
    expect(pathOf(page)).toBe('/isystem/user?tab=1');
    await waitForPageRows(page, 'sys_user');
    await expect.poll(() => page.title()).toBe('用户管理 - Schema Admin');
  });

  it('sends a signed-in visit of /user/login to the home page, titled with the product name', async () => {
    const { page } = session;
    await page.goto('/user/login');
    await waitForPath(page, HOME_PATH);
    await userMenuButton(page).waitFor();
    await expect.poll(() => page.title()).toBe('Schema Admin');
    await expect.poll(() => breadcrumbTitles(page)).toEqual(['首页']);
  });

  it('sends an unknown path to /404', async () => {
    const { page } = session;
    await page.goto('/no/such/screen');
    await waitForPath(page, '/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  });

  it('logs out after confirmation; going back to /isystem/user leads to login again', async () => {
    const { page } = session;
    await page.goto('/isystem/user');
    await userMenuButton(page).waitFor();
    // An in-app navigation, so that /isystem/user is the previous history entry.
    await openMenu(page, '首页');
    await waitForScreen(page, HOME_PATH, '首页');

    const token = await storedToken(page);
    expect(token).toEqual(expect.any(String));
    const before = await page.request.get(baseURL + USER_INFO, {
      headers: { 'X-Access-Token': token ?? '' },
    });
    expect(before.status()).toBe(200);
    expect(((await before.json()) as { success: boolean }).success).toBe(true);

    await logout(page);
    expect(pathOf(page)).toBe('/user/login');
    expect(await storedToken(page)).toBeNull();

    await page.goBack();
    await waitForPath(page, '/user/login?redirect=%2Fisystem%2Fuser');
    await page.locator('#username').waitFor();

    // The server has revoked the old token.
    const after = await page.request.get(baseURL + USER_INFO, {
      headers: { 'X-Access-Token': token ?? '' },
    });
    expect(after.status()).toBe(401);
    expect(((await after.json()) as { success: boolean }).success).toBe(false);
  });
});
