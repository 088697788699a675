import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  dismissNotifications,
  firstColumnTitles,
  launchBrowser,
  login,
  openMenu,
  openPage,
  screenshot,
  secondColumnTitles,
  settle,
  storedToken,
  toast,
  waitForScreen,
  waitUntil,
  type PageSession,
} from './support';

/**
 * Issue 4 end to end: the administrator creates a role, grants it 系统管理 → 用户管理 and its
 * 新增 button, and creates a user holding it. That user signs in and sees exactly that menu
 * and that button. The administrator withdraws the button; the user's next save — from the
 * page still showing the button — is refused by the server (code 510), not only hidden.
 */

const ROLE = { name: 'E2E出纳', code: 'e2e_cashier' };
const USER = { username: 'e2e_cashier1', realname: '出纳小王', password: 'Cashier-2026' };

let browser: Browser;
let admin: PageSession;
let cashier: PageSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  await login(admin.page, 'admin', '123456');
  await dismissNotifications(admin.page);
});
afterAll(async () => {
  await cashier?.close();
  await admin?.close();
  await browser?.close();
});

/** The page-engine screen of a page code. */
function screenOf(page: Page, code: string): Locator {
  return page.locator(`.sa-page[data-page-code="${code}"]`);
}

function dialog(page: Page): Locator {
  return page.locator('.ant-modal:visible');
}

function drawer(page: Page): Locator {
  return page.locator('.ant-drawer-content:visible');
}

/** The row of a list whose cells hold `text`. */
function rowWith(screen: Locator, text: string): Locator {
  return screen.locator('tr.ant-table-row').filter({ hasText: text });
}

/** The 授权 tree's tick box of the node showing `text` (a title, or a button's code). */
function treeTick(page: Page, text: string): Locator {
  return drawer(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText(text, { exact: true }) })
    .locator('.ant-tree-checkbox');
}

async function openRoleGrants(page: Page): Promise<void> {
  const roles = screenOf(page, 'sys_role');
  await rowWith(roles, ROLE.code).getByText('授权', { exact: true }).click();
  await drawer(page).getByText(`为 角色「${ROLE.name}」`, { exact: false }).waitFor();
  await drawer(page).getByRole('button', { name: '展开全部' }).click();
}

describe('a role granted one menu and one button', () => {
  it('admin creates the role', async () => {
    const { page } = admin;
    await openMenu(page, '系统管理', '角色管理');
    await waitForScreen(page, '/isystem/role', '角色管理');
    const roles = screenOf(page, 'sys_role');
    await roles.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByLabel('角色名称').fill(ROLE.name);
    await form.getByLabel('角色编码').fill(ROLE.code);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '新增成功！').waitFor();
    await rowWith(roles, ROLE.code).waitFor();
  });

  it('admin grants it 用户管理 and its 新增 button only', async () => {
    const { page } = admin;
    await openRoleGrants(page);
    // Linked ticks: the button brings its menus (用户管理, 系统管理) along, nothing else.
    await treeTick(page, 'user:add').click();
    await settle(page);
    await screenshot(page, 'grants-role-tree', { fullPage: false });
    await drawer(page).getByRole('button', { name: '保存并关闭' }).click();
    await toast(page, '保存成功！').waitFor();
    await waitUntil(async () => (await drawer(page).count()) === 0, 'the drawer to close');
  });

  it('admin creates a user holding the role', async () => {
    const { page } = admin;
    await openMenu(page, '系统管理', '用户管理');
    await waitForScreen(page, '/isystem/user', '用户管理');
    const users = screenOf(page, 'sys_user');
    await users.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByLabel('账号').fill(USER.username);
    await form.getByLabel('姓名').fill(USER.realname);
    await form.getByLabel('登录密码').fill(USER.password);
    await form.getByLabel('确认密码').fill(USER.password);
    // 角色 is the role picker (选择角色): found by name, picked by a row click.
    await form.getByLabel('角色', { exact: true }).click();
    const picker = page.getByRole('dialog', { name: '选择角色' });
    await picker.getByRole('textbox', { name: '角色名称' }).fill(ROLE.name);
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    await picker.getByRole('row').filter({ hasText: ROLE.code }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '新增成功！').waitFor();
  });

  it('the user sees exactly that menu and that button', async () => {
    cashier = await openPage(browser);
    const { page } = cashier;
    await login(page, USER.username, USER.password);
    await dismissNotifications(page);
    await expect.poll(() => firstColumnTitles(page)).toEqual(['首页', '系统管理']);
    await openMenu(page, '系统管理');
    await waitForScreen(page, '/isystem/user', '用户管理');
    await expect.poll(() => secondColumnTitles(page)).toEqual(['用户管理']);
    const users = screenOf(page, 'sys_user');
    await users.locator('tr.ant-table-row').first().waitFor();
    const toolbar = users.locator('.sa-page-toolbar button:not(.sa-super-query-button)');
    await expect.poll(() => toolbar.allInnerTexts()).toEqual([expect.stringMatching(/新\s*增/)]);
    // Row links: only 详情 (it needs no code); 编辑, 删除, 冻结, 重置密码 are not granted.
    const links = await users.locator('tr.ant-table-row').first().locator('a').allInnerTexts();
    expect(links.map((l) => l.replace(/\s/g, ''))).toEqual(['详情']);
    await screenshot(page, 'grants-user-view');
  });

  it('admin withdraws the button; the user is refused by the server on the next save', async () => {
    await openMenu(admin.page, '系统管理', '角色管理');
    await waitForScreen(admin.page, '/isystem/role', '角色管理');
    await openRoleGrants(admin.page);
    await treeTick(admin.page, 'user:add').click();
    await drawer(admin.page).getByRole('button', { name: '保存并关闭' }).click();
    await toast(admin.page, '保存成功！').waitFor();

    // The user's page still shows 新增 (it was loaded before); the server decides.
    const { page } = cashier;
    const users = screenOf(page, 'sys_user');
    await users.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByLabel('账号').fill('e2e_refused');
    await form.getByLabel('姓名').fill('不该出现');
    await form.getByLabel('登录密码').fill(USER.password);
    await form.getByLabel('确认密码').fill(USER.password);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '没有权限，请联系管理员授权').waitFor();
    await screenshot(page, 'grants-refused', { fullPage: false });

    const token = await storedToken(admin.page);
    const check = await admin.page.request.get(
      `${baseURL}/system/sys/user/checkOnlyUser?username=e2e_refused`,
      { headers: { 'X-Access-Token': token ?? '' } },
    );
    expect(((await check.json()) as { success: boolean }).success).toBe(true);

    // After a reload the button is gone from the page as well.
    await page.keyboard.press('Escape');
    await page.reload();
    await users.locator('tr.ant-table-row').first().waitFor();
    await expect
      .poll(() => users.locator('.sa-page-toolbar button:not(.sa-super-query-button)').count())
      .toBe(0);
  });
});
