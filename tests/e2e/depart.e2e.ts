import { describe, expect, it } from 'vitest';
import { browserSession, HOME_PATH, screenshot, settle, waitForPath } from './support';

describe('department switch (admin belongs to two departments)', () => {
  const session = browserSession({ user: 'admin' });

  it('lists both departments, requires a choice and switches the current one', async () => {
    const { page } = session;
    await waitForPath(page, HOME_PATH);
    await page.getByText('星河科技集团').first().waitFor();
    await page.getByRole('button', { name: '切换部门' }).click();
    const dialog = page.getByRole('dialog', { name: '切换部门' });
    await dialog.waitFor();
    await settle(page);
    await screenshot(page, 'desktop-depart-switch');
    // antd's own texts are Chinese too (the zh-CN locale reaches every component).
    await dialog.getByRole('button', { name: /^取\s*消$/ }).waitFor();

    await dialog.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual(['星河科技集团', '星河科技（上海）分公司']);
    await options.filter({ hasText: '星河科技（上海）分公司' }).click();
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('星河科技（上海）分公司').first().waitFor();

    // The choice is the server's: a reload shows the same department.
    await page.reload();
    await page.getByText('星河科技（上海）分公司').first().waitFor();
  });
});
