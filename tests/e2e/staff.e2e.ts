import { describe, expect, it } from 'vitest';
import {
  firstColumnTitles,
  HOME_PATH,
  openMenu,
  searchDropdown,
  searchOptionTitles,
  secondColumnTitles,
  waitForPageRows,
  waitForPath,
  waitForScreen,
  browserSession,
} from './support';

describe('staff sees only its menu', () => {
  const session = browserSession({ user: 'staff' });

  it('lands on the home page with exactly 首页 and 系统管理 in the first column', async () => {
    const { page } = session;
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => firstColumnTitles(page)).toEqual(['首页', '系统管理']);
  });

  it('has only 用户管理 under 系统管理', async () => {
    const { page } = session;
    await openMenu(page, '系统管理');
    await waitForScreen(page, '/isystem/user', '用户管理');
    await expect.poll(() => secondColumnTitles(page)).toEqual(['用户管理']);
  });

  it('sees the users read-only: 详情 on each row, no button that changes anything', async () => {
    const { page } = session;
    const screen = await waitForPageRows(page, 'sys_user');
    const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
    expect(await rows.count()).toBeGreaterThan(0);
    // The toolbar is empty: staff holds no 用户管理 button code.
    for (const name of [/新\s*增/, /批量删除/, /导\s*入/, /导\s*出/, /回收站/]) {
      expect(await screen.getByRole('button', { name }).count()).toBe(0);
    }
    const links = await rows.first().locator('a').allInnerTexts();
    expect(links.map((text) => text.trim())).toEqual(['详情']);
    for (const label of ['编辑', '删除', '冻结', '解冻', '重置密码', '更多']) {
      expect(await screen.locator('.ant-table-tbody a', { hasText: label }).count()).toBe(0);
    }
    // 详情 opens the record read-only.
    await rows.first().locator('a', { hasText: '详情' }).click();
    const dialog = page.locator('.ant-modal:visible').filter({ hasText: '详情' });
    await dialog.getByText('账号').first().waitFor();
    expect(await dialog.locator('input:not([type="hidden"])').count()).toBe(0);
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers only 首页 and 用户管理 in the menu search', async () => {
    const { page } = session;
    await page.getByRole('combobox', { name: '搜索菜单' }).click();
    await searchDropdown(page).waitFor();
    await expect.poll(() => searchOptionTitles(page)).toEqual(['首页', '用户管理']);
    await page.keyboard.type('角色');
    await searchDropdown(page).getByText('没有匹配的菜单').waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows 403 on a direct visit of /isystem/role (a screen, not theirs), with 返回首页', async () => {
    const { page } = session;
    await page.goto('/isystem/role');
    await page.getByText('没有权限访问此页面').waitFor();
    expect(new URL(page.url()).pathname).toBe('/isystem/role');
    expect(await page.getByText('抱歉，您访问的页面不存在。').count()).toBe(0);
    await page.getByRole('button', { name: /返回首页/ }).click();
    await waitForPath(page, '/dashboard/analysis');
  });

  it('sends a direct visit of a path no menu has to /404', async () => {
    const { page } = session;
    await page.goto('/isystem/no-such-screen');
    await waitForPath(page, '/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    expect(await page.getByText('没有权限访问此页面').count()).toBe(0);
  });
});
