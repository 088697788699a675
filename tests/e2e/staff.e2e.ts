import { describe, expect, it } from 'vitest';
import {
  firstColumnTitles,
  HOME_PATH,
  openMenu,
  searchDropdown,
  searchOptionTitles,
  secondColumnTitles,
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
    await page.getByText('「用户管理」页面尚未配置').waitFor();
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

  it('sends a direct visit of /isystem/role to /404', async () => {
    const { page } = session;
    await page.goto('/isystem/role');
    await waitForPath(page, '/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  });
});
