import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  browserSession,
  screenshot,
  settle,
  waitForPageRows,
  waitForScreen,
  waitUntil,
  type Viewport,
} from './support';
import { linkUnderSystem } from './api';

/**
 * The area linkage picker (widgets.md §2.1) on 客户管理's 所在地区, at 1440 px and 375 px: the
 * list names each customer's district by its path, the edit form's cascader opens at the held
 * district, a district picked level by level is saved and shown, and the query form's province
 * finds every customer inside it.
 */

const WIDE: Viewport = { width: 1440, height: 900 };
const LINK = {
  code: 'demo_customer',
  url: '/isystem/e2e-area-customer',
  name: '客户地区',
} as const;

/** Links 客户管理 under 系统管理 and returns a function removing the link again. */
/** The texts of the list's 所在地区 cells. */
async function regionTexts(screen: Locator): Promise<string[]> {
  const headers = await screen.locator('.ant-table-thead th').allTextContents();
  const column = headers.findIndex((h) => h.trim() === '所在地区');
  expect(column).toBeGreaterThan(-1);
  return screen
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.children[i] as HTMLElement).innerText.trim()),
      column,
    );
}

function cascaderItem(page: Page, name: string): Locator {
  return page.locator(`.ant-cascader-menu-item[title="${name}"]:visible`);
}

for (const viewport of [WIDE, MOBILE]) {
  describe(`客户管理's 所在地区 at ${viewport.width} px`, () => {
    const session = browserSession({ viewport, user: 'admin' });
    let unlink: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      unlink = await linkUnderSystem(session.page, [LINK]);
    });
    afterAll(async () => {
      await unlink?.();
    });

    async function openList() {
      const { page } = session;
      await page.goto(LINK.url);
      await waitForScreen(page, LINK.url, LINK.name);
      return waitForPageRows(page, LINK.code);
    }

    it('the list names each customer’s district by its path', async () => {
      const screen = await openList();
      await waitUntil(
        async () => (await regionTexts(screen)).includes('北京市 / 市辖区 / 海淀区'),
        'the region names',
      );
      expect(await regionTexts(screen)).toContain('广东省 / 深圳市 / 南山区');
      await screenshot(session.page, `area-list-${viewport.width}`);
    });

    it('the edit form’s cascader opens at the held district; a new pick is saved', async () => {
      const { page } = session;
      const screen = await openList();
      const row = screen.locator('.ant-table-tbody tr.ant-table-row', {
        hasText: '华夏智联科技有限公司',
      });
      await row.getByText('编辑').click();
      const dialog = page.locator('.ant-modal:visible');
      const region = dialog.getByRole('combobox', { name: '所在地区' });
      await region.waitFor();
      await dialog.locator('.ant-cascader').click();
      await cascaderItem(page, '海淀区').waitFor();
      expect(
        await page.locator('.ant-cascader-menu-item-active:visible').allTextContents(),
      ).toEqual(['北京市', '市辖区', '海淀区']);
      await settle(page);
      await screenshot(page, `area-form-${viewport.width}`, { fullPage: false });

      await cascaderItem(page, '广东省').click();
      await cascaderItem(page, '深圳市').click();
      await cascaderItem(page, '福田区').click();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await waitUntil(
        async () => (await row.innerText()).includes('广东省 / 深圳市 / 福田区'),
        'the saved district in the list',
      );
      // Put it back for the other width.
      await row.getByText('编辑').click();
      await dialog.locator('.ant-cascader').click();
      await cascaderItem(page, '北京市').click();
      await cascaderItem(page, '市辖区').click();
      await cascaderItem(page, '海淀区').click();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('a province in the query form finds every customer inside it', async () => {
      const { page } = session;
      const screen = await openList();
      const query = screen.locator('.sa-query-form');
      const field = query.locator('[data-query-field="region"]');
      if (!(await field.isVisible())) await query.getByText('展开').click();
      await field.locator('.ant-cascader').click();
      await cascaderItem(page, '广东省').click();
      await page.keyboard.press('Escape');
      await query.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
      await waitUntil(async () => {
        const texts = await regionTexts(screen);
        return texts.length === 2 && texts.every((t) => t.startsWith('广东省 / '));
      }, 'the customers of 广东省');
    });
  });
}
