import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HOME_PATH,
  MOBILE,
  searchDropdown,
  searchOptionTitles,
  waitForPath,
  browserSession,
  waitForPageRows,
} from './support';

/** Types into the search box (already focused or given) and waits for the filtered list. */
async function typeSearch(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await searchDropdown(page).waitFor();
}

async function chooseOption(page: Page, title: string): Promise<void> {
  await searchDropdown(page).locator(`.ant-select-item-option[title="${title}"]`).click();
}

describe('menu search (desktop box)', () => {
  const session = browserSession({ user: 'admin' });

  it('finds 角色管理 by typing 角色 and navigates to /isystem/role', async () => {
    const { page } = session;
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await box.click();
    await typeSearch(page, '角色');
    await expect.poll(() => searchOptionTitles(page)).toEqual(['角色管理']);
    await chooseOption(page, '角色管理');
    await waitForPath(page, '/isystem/role');
    await waitForPageRows(page, 'sys_role');
    // The box does not keep the choice.
    expect(await box.inputValue()).toBe('');
  });

  it('does not offer the hidden 我的消息', async () => {
    const { page } = session;
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await box.click();
    await typeSearch(page, '我的');
    await searchDropdown(page).getByText('没有匹配的菜单').waitFor();
    expect(await searchOptionTitles(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await box.fill('');
    await typeSearch(page, '消息');
    await searchDropdown(page).getByText('没有匹配的菜单').waitFor();
    expect(await searchOptionTitles(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('offers 首页 and the system screens, but no layout entry', async () => {
    const { page } = session;
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await box.fill('');
    await box.click();
    await typeSearch(page, '管理');
    await expect
      .poll(() => searchOptionTitles(page))
      .toEqual(['用户管理', '角色管理', '菜单管理', '部门管理', '职务管理', '日志管理']);
    // 系统管理 is a layout entry (RouteView): not a search result.
    expect(await searchOptionTitles(page)).not.toContain('系统管理');
    await page.keyboard.press('Escape');
    await box.fill('');
    await typeSearch(page, '首页');
    await expect.poll(() => searchOptionTitles(page)).toEqual(['首页']);
    await chooseOption(page, '首页');
    await waitForPath(page, HOME_PATH);
  });
});

describe('menu search (375 px: modal)', () => {
  const session = browserSession({ viewport: MOBILE, user: 'admin' });

  it('opens a modal from the search icon with the input focused; 角色 → 角色管理 navigates and closes it', async () => {
    const { page } = session;
    // No search box in the header on mobile, only the icon button.
    expect(await page.getByRole('combobox', { name: '搜索菜单' }).count()).toBe(0);
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
    await modal.waitFor();
    const box = modal.getByRole('combobox', { name: '搜索菜单' });
    await box.waitFor();
    // The input has the focus as soon as the modal is shown: typing needs no tap first.
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    await typeSearch(page, '角色');
    await expect.poll(() => searchOptionTitles(page)).toEqual(['角色管理']);
    await chooseOption(page, '角色管理');
    await waitForPath(page, '/isystem/role');
    await modal.waitFor({ state: 'hidden' });
    await waitForPageRows(page, 'sys_role');
  });

  it('does not offer the hidden 我的消息 in the modal either', async () => {
    const { page } = session;
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
    const box = modal.getByRole('combobox', { name: '搜索菜单' });
    await box.click();
    await typeSearch(page, '我的消息');
    await searchDropdown(page).getByText('没有匹配的菜单').waitFor();
    expect(await searchOptionTitles(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/isystem/role');
  });
});
