import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  launchBrowser,
  login,
  openPage,
  screenshot,
  settle,
  toast,
  type PageSession,
  type Viewport,
} from './support';
import { solidPng } from './png';

/**
 * Rich text end to end (issue 14), at 1440 and 375 px: an announcement written in 系统通告's
 * rich-text 内容 with bold text, a list and an uploaded picture is saved, released with 发布 and
 * read in the notice bell's detail, where the server-cleaned HTML shows the bold words, the
 * list and the picture (through a signed URL).
 */

const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 375, height: 740 } as const;

function dialog(page: Page): Locator {
  return page.locator('.ant-modal:visible').first();
}

/** Picks `text` in the antd select showing `placeholder`. */
async function choose(page: Page, form: Locator, placeholder: string, text: string) {
  await form.locator('.ant-select').filter({ hasText: placeholder }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(text, { exact: true }).click();
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['1440', WIDE],
  ['375', NARROW],
] as const)('an announcement in rich text at %s px', (width: string, viewport: Viewport) => {
  const title = `安全检查通知${width}-${Date.now() % 100_000}`;
  let session: PageSession;

  beforeAll(async () => {
    session = await openPage(browser, viewport);
    await login(session.page, 'admin', '123456');
    await dismissNotifications(session.page);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('is written with bold text, a list and a picture, and saved', async () => {
    const { page } = session;
    await page.goto('/isystem/annountCement');
    // The list may be empty on a fresh database: wait for the screen, not for rows.
    const screen = page.locator('.sa-page[data-page-code="sys_announcement"]:visible');
    await screen.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByLabel('标题').fill(title);
    await choose(page, form, '请选择消息类型', '通知公告');
    await form.getByText('全体用户', { exact: true }).click();

    const editor = form.locator('[contenteditable="true"]').first();
    await editor.click();
    await page.keyboard.type('本周五进行消防安全检查。');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('请各部门提前清理通道');
    await form.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: '无序列表' }).click();
    await page.keyboard.type('一号楼');
    await page.keyboard.press('Enter');
    await page.keyboard.type('二号楼');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    await form.getByRole('button', { name: '图片' }).click();
    const pictureDialog = page
      .locator('.ant-modal:visible')
      .filter({ has: page.locator('.ant-modal-title', { hasText: '插入图片' }) });
    await pictureDialog.getByTestId('richtext-image-input').setInputFiles({
      name: `平面图-${width}.png`,
      mimeType: 'image/png',
      buffer: solidPng(40, [136, 136, 136]),
    });
    await pictureDialog.waitFor({ state: 'hidden' });
    const inserted = editor.locator('img');
    await inserted.waitFor();
    await expect
      .poll(() => inserted.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await editor.locator('strong, b').first().innerText()).toBe('请各部门提前清理通道');
    expect(await editor.locator('ul li').allInnerTexts()).toEqual(['一号楼', '二号楼']);
    await settle(page);
    await screenshot(page, `richtext-${width}-announcement-form`, { fullPage: false });

    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '新增成功！').waitFor();
    await form.waitFor({ state: 'hidden' });
  });

  it('is released with 发布 and read in the bell: bold, list and picture shown', async () => {
    const { page } = session;
    const screen = page.locator('.sa-page[data-page-code="sys_announcement"]:visible');
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
    // Wide rows show 发布 beside 编辑; narrow ones keep it under 更多.
    const release = row.locator('a', { hasText: '发布' });
    if (await release.isVisible()) await release.click();
    else {
      await row.getByText('更多').click();
      await page.locator('.ant-dropdown:visible').getByText('发布', { exact: true }).click();
    }
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.getByText('已发布').waitFor();
    await dismissNotifications(page);

    await page.getByRole('button', { name: '消息通知' }).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByRole('button', { name: `查看详情 ${title}` }).click();
    const detail = page.locator('.ant-modal:visible').filter({ hasText: title });
    await detail.getByText('本周五进行消防安全检查。').waitFor();
    expect(await detail.locator('strong, b').first().innerText()).toBe('请各部门提前清理通道');
    expect(await detail.locator('ul li').allInnerTexts()).toEqual(['一号楼', '二号楼']);
    const picture = detail.locator('img');
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toContain('/system/sys/common/signed/notice/');
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, `richtext-${width}-announcement-bell`, { fullPage: false });
    await detail.getByRole('button', { name: /关\s*闭/ }).click();
  });
});
