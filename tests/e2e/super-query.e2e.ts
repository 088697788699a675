import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  browserSession,
  screenshot,
  settle,
  toast,
  waitForPageRows,
  waitForScreen,
  waitUntil,
  type Viewport,
} from './support';
import { linkUnderSystem } from './api';

/**
 * The advanced query builder (widgets.md §2.9) on 客户管理, at 1440 px and 375 px (full
 * screen): two conditions (a dictionary eq and a text like) filter the list and light the
 * button; the query is saved, survives a reload and is loaded from 保存的查询; 重置 drops it.
 */

const WIDE: Viewport = { width: 1440, height: 900 };
const CODE = 'demo_customer';
const LINK = {
  code: CODE,
  url: '/isystem/e2e-super-query-customer',
  name: '客户高级查询',
} as const;

/** Links 客户管理 under 系统管理 and returns a function removing the link again. */
function builder(page: Page): Locator {
  return page
    .locator('.ant-modal:visible')
    .filter({ has: page.locator('.ant-modal-title', { hasText: '高级查询构造器' }) });
}

/**
 * Opens the select named `name` inside `scope`, clicks its option `text` and waits until the
 * select shows it (a click landing while a dropdown still animates is tried again).
 */
async function choose(scope: Locator, name: string, text: string): Promise<void> {
  const page = scope.page();
  // The selected item covers a select's box: click the box around it.
  const box = scope
    .getByRole('combobox', { name, exact: true })
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const chosen = box.locator('.ant-select-selection-item', { hasText: text });
  for (let attempt = 0; attempt < 3 && (await chosen.count()) === 0; attempt += 1) {
    await settle(page);
    await box.locator('.ant-select-selector').click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`)
      .click();
    await settle(page);
  }
  await chosen.waitFor();
}

/** The customer names and levels of the rows shown. */
async function shownRows(screen: Locator): Promise<string[]> {
  return screen.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
}

const superButton = (screen: Locator) => screen.locator('.sa-super-query-button');

for (const viewport of [WIDE, MOBILE]) {
  describe(`客户管理's 高级查询 at ${viewport.width} px`, () => {
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
      return waitForPageRows(page, CODE);
    }

    /** Every row shown is a VIP customer with 科技 in its name; 华夏智联 is one of them. */
    async function expectVipTech(screen: Locator) {
      await waitUntil(async () => {
        const rows = await shownRows(screen);
        return rows.length > 0 && rows.every((r) => r.includes('科技') && r.includes('VIP'));
      }, 'only VIP customers named 科技');
      expect((await shownRows(screen)).join('\n')).toContain('华夏智联科技有限公司');
    }

    it('two conditions filter the list and light the button; the query is saved', async () => {
      const { page } = session;
      const screen = await openList();
      expect(await superButton(screen).getAttribute('data-super-query-active')).toBe('false');
      await superButton(screen).click();
      const dialog = builder(page);
      await dialog.waitFor();
      await settle(page);
      const box = (await dialog.boundingBox())!;
      if (viewport.width < 768) {
        // Full screen on a phone.
        expect(Math.round(box.width)).toBe(viewport.width);
        expect(Math.round(box.y)).toBe(0);
      } else {
        expect(Math.round(box.width)).toBe(1000);
      }
      expect(await dialog.getByText('没有保存任何查询').isVisible()).toBe(true);

      await choose(dialog, '字段 1', '客户等级');
      await choose(dialog, '值 1', 'VIP');
      await dialog.getByRole('button', { name: '添加条件' }).click();
      await choose(dialog, '字段 2', '客户名称');
      await choose(dialog, '规则 2', '模糊');
      await dialog.getByRole('textbox', { name: '值 2' }).fill('科技');
      await settle(page);
      await screenshot(page, `super-query-builder-${viewport.width}`, { fullPage: false });

      await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectVipTech(screen);
      expect(await superButton(screen).getAttribute('data-super-query-active')).toBe('true');
      expect(await screen.getByRole('button', { name: /^清\s*空$/ }).isVisible()).toBe(true);
      await settle(page);
      await screenshot(page, `super-query-active-${viewport.width}`, { fullPage: false });

      await superButton(screen).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '保存查询' }).click();
      const name = page.getByRole('textbox', { name: '请输入保存的名称' });
      await name.fill('VIP科技客户');
      await name.press('Enter');
      await toast(page, '保存成功').waitFor();
      await dialog.getByTitle('VIP科技客户').waitFor();
      await dialog.getByRole('button', { name: /^关\s*闭$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('after a reload the saved query loads from 保存的查询; 重置 drops it', async () => {
      const { page } = session;
      await page.reload();
      const screen = await openList();
      expect(await superButton(screen).getAttribute('data-super-query-active')).toBe('false');
      const all = (await shownRows(screen)).length;

      await superButton(screen).click();
      const dialog = builder(page);
      await dialog.waitFor();
      await dialog.getByTitle('VIP科技客户').click();
      expect(await dialog.getByRole('textbox', { name: '值 2' }).inputValue()).toBe('科技');
      await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectVipTech(screen);

      await superButton(screen).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /^重\s*置$/ }).click();
      await waitUntil(
        async () => (await superButton(screen).getAttribute('data-super-query-active')) === 'false',
        'the button back to its plain variant',
      );
      await dialog.getByRole('button', { name: /^关\s*闭$/ }).click();
      await waitUntil(async () => (await shownRows(screen)).length === all, 'the whole list');
      expect((await shownRows(screen)).some((r) => !r.includes('VIP'))).toBe(true);
    });
  });
}
