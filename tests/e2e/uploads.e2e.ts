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
  userMenuButton,
  waitForPageRows,
  type PageSession,
  type Viewport,
} from './support';
import { solidPng } from './png';
import { api } from './api';

/**
 * Files end to end (issue 14), at 1440 and 375 px: an avatar uploaded on 用户管理 shows in the
 * header; on 采购单 a file attached to the order and a picture in a detail row are uploaded
 * with real requests, previewed, downloaded, one removed, saved and read back after a reload.
 */

const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 375, height: 740 } as const;
const PURCHASE = 'demo_purchase';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function dialog(page: Page): Locator {
  return page.locator('.ant-modal:visible').first();
}

/** Whether an `<img>` has loaded a real picture (signed URL answered with image bytes). */
function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
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
] as const)('files at %s px', (width: string, viewport: Viewport) => {
  let session: PageSession;

  beforeAll(async () => {
    session = await openPage(browser, viewport);
    await login(session.page, 'admin', '123456');
    await dismissNotifications(session.page);
    // 采购单 is in 页面配置; an administrator puts it in the menu under a path of this test's
    // own (other tests add it under theirs).
    const added = await api(session.page, 'POST', '/lowcode/page/addToMenu', {
      code: PURCHASE,
      url: `/online/e2e-uploads-${width}`,
      name: `采购附件${width}`,
    });
    expect(added.success, added.message).toBe(true);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('an avatar uploaded on 用户管理 shows in the header', async () => {
    const { page } = session;
    await page.goto('/isystem/user');
    const screen = await waitForPageRows(page, 'sys_user');
    await screen.getByLabel('账号').first().fill('admin');
    await screen.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
    const row = screen.locator('tr.ant-table-row').filter({ hasText: '管理员' }).first();
    await row.getByText('编辑').click();
    const form = dialog(page);
    await form.getByText('头像').waitFor();
    // One picture at most: a held avatar (from the other width's run) is removed first.
    const held = form
      .getByRole('list', { name: '头像' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: '删除' }) });
    if ((await held.count()) > 0) {
      await held.first().hover();
      await held.first().getByRole('button', { name: '删除' }).click();
      await held.first().waitFor({ state: 'detached' });
    }
    const colour: [number, number, number] = width === '1440' ? [220, 40, 40] : [40, 120, 220];
    await form.getByLabel('头像 选择图片').setInputFiles({
      name: `avatar-${width}.png`,
      mimeType: 'image/png',
      buffer: solidPng(48, colour),
    });
    const thumb = form.locator('.upl-card img').first();
    await thumb.waitFor();
    await expect.poll(() => loaded(thumb)).toBe(true);
    await settle(page);
    await screenshot(page, `uploads-${width}-avatar-form`, { fullPage: false });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '编辑成功').waitFor();

    await page.reload();
    await dismissNotifications(page);
    const avatar = userMenuButton(page).locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toContain('/system/sys/common/signed/avatar/');
    await expect.poll(() => loaded(avatar)).toBe(true);
    // The picture is the one just uploaded (its colour), not a cached older one.
    const pixel = await avatar.evaluate((img) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.drawImage(img as HTMLImageElement, 0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    expect(pixel).toEqual(colour);
    await screenshot(page, `uploads-${width}-avatar-header`, { fullPage: false });
  });

  it('采购单: attach files and a detail picture, preview, download, remove, save, reload', async () => {
    const { page } = session;
    await page.goto(`/online/e2e-uploads-${width}`);
    const list = await waitForPageRows(page, PURCHASE);
    // Each width edits its own order, so the picture cell starts empty.
    const nth = width === '1440' ? 0 : 1;
    const order = (await list.locator('tr.ant-table-row').nth(nth).locator('td').allInnerTexts())
      .map((t) => t.trim())
      .find((t) => /^CG-/.test(t));
    expect(order).toBeTruthy();
    const openOrder = async () => {
      await list.locator('tr.ant-table-row').filter({ hasText: order! }).getByText('编辑').click();
      const form = dialog(page);
      await form.getByText('附件').first().waitFor();
      return form;
    };
    let form = await openOrder();

    // Two files in one choice: both upload (real progress), each listed by its own name.
    await form.getByLabel('附件 选择文件').setInputFiles([
      { name: `报价单-${width}.pdf`, mimeType: 'application/pdf', buffer: PDF },
      { name: `现场照片-${width}.png`, mimeType: 'image/png', buffer: solidPng(32, [30, 160, 60]) },
    ]);
    const attachments = form.getByRole('list', { name: '附件' });
    const quote = attachments.getByRole('listitem', { name: `报价单-${width}.pdf` });
    const photo = attachments.getByRole('listitem', { name: `现场照片-${width}.png` });
    await quote.waitFor();
    await photo.waitFor();

    // Download goes through the token-carrying client and keeps the uploaded name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      quote.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`报价单-${width}.pdf`);
    // The picture previews in a modal titled with its name.
    await photo.getByText(`现场照片-${width}.png`).click();
    const preview = page
      .locator('.ant-modal:visible')
      .filter({ has: page.locator('.ant-modal-title', { hasText: `现场照片-${width}.png` }) });
    const big = preview.locator('img');
    await big.waitFor();
    await expect.poll(() => loaded(big)).toBe(true);
    await settle(page);
    await screenshot(page, `uploads-${width}-order-preview`, { fullPage: false });
    await preview.locator('.ant-modal-close').click();
    await preview.waitFor({ state: 'hidden' });
    // Remove the picture: only the quote stays attached.
    await photo.getByRole('button', { name: '删除' }).click();
    await photo.waitFor({ state: 'detached' });

    // A picture in the first detail row's 图片 cell.
    const grid = form.locator('.ant-tabs-tabpane-active .eg-root');
    const header = grid.locator('[role="columnheader"]').filter({ hasText: '图片' }).first();
    const col = await header.getAttribute('aria-colindex');
    const cell = grid.locator(`.rdg-row [role="gridcell"][aria-colindex="${col}"]`).first();
    await cell.click();
    await cell.getByLabel('图片 选择文件').setInputFiles({
      name: `样品-${width}.png`,
      mimeType: 'image/png',
      buffer: solidPng(24, [200, 160, 0]),
    });
    const cellImage = cell.locator('img');
    await cellImage.waitFor();
    await expect.poll(() => loaded(cellImage)).toBe(true);
    await form.locator('.ant-modal-title').click();
    await settle(page);
    await screenshot(page, `uploads-${width}-order-form`, { fullPage: false });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '编辑成功').waitFor();
    await form.waitFor({ state: 'hidden' });

    // Read back after a reload.
    await page.reload();
    await dismissNotifications(page);
    await waitForPageRows(page, PURCHASE);
    form = await openOrder();
    const saved = form.getByRole('list', { name: '附件' });
    await saved.getByRole('listitem', { name: `报价单-${width}.pdf` }).waitFor();
    expect(await saved.getByRole('listitem').count()).toBe(1);
    const savedGrid = form.locator('.ant-tabs-tabpane-active .eg-root');
    const savedImage = savedGrid
      .locator(`.rdg-row [role="gridcell"][aria-colindex="${col}"]`)
      .first()
      .locator('img');
    await savedImage.waitFor();
    await expect.poll(() => loaded(savedImage)).toBe(true);
    await settle(page);
    await screenshot(page, `uploads-${width}-order-reloaded`, { fullPage: false });
    await form.getByRole('button', { name: /取\s*消/ }).click();
  });
});
