import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  dismissNotifications,
  launchBrowser,
  login,
  openMenu,
  openPage,
  screenshot,
  storedToken,
  toast,
  waitForPageRows,
  waitForScreen,
  type PageSession,
} from './support';
import { addGridRows, gridCell, gridRows, typeIntoCell, visibleDialog } from './grid';

/**
 * Issue 5 end to end, on the built-in master-detail page 采购单 (schemas/demo_purchase.json):
 * a new order with detail rows added in the editable grid, dragged into another order, a
 * broken rule shown in the cell's tooltip and fixed, saved (master and details in one call),
 * then read back. Two browsers open the same order: a save in one shows up in the other's
 * open grid through the live table sync.
 */

const CODE = 'demo_purchase';
const ORDER = 'CG-E2E-0001';

let browser: Browser;
let first: PageSession;
let second: PageSession;

beforeAll(async () => {
  browser = await launchBrowser();
  first = await openPage(browser);
  await login(first.page, 'admin', '123456');
  await dismissNotifications(first.page);
  // The built-in page is in 页面配置; an administrator puts it in the menu.
  const token = await storedToken(first.page);
  const added = await first.page.request.post(`${baseURL}/system/lowcode/page/addToMenu`, {
    headers: { 'X-Access-Token': token ?? '' },
    data: { code: CODE },
  });
  expect(((await added.json()) as { success: boolean }).success).toBe(true);
  await first.page.reload();
  await dismissNotifications(first.page);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await browser?.close();
});

/** The grid of the detail tab shown in the dialog. */
function detailGrid(page: Page): Locator {
  return visibleDialog(page).locator('.ant-tabs-tabpane-active .eg-root');
}

async function columnTexts(grid: Locator, title: string): Promise<string[]> {
  const count = await gridRows(grid).count();
  const texts: string[] = [];
  for (let i = 0; i < count; i++)
    texts.push((await (await gridCell(grid, i, title)).innerText()).trim());
  return texts;
}

async function openPurchases(page: Page): Promise<Locator> {
  await openMenu(page, '采购单');
  await waitForScreen(page, `/online/page/${CODE}`, '采购单');
  return waitForPageRows(page, CODE);
}

async function editOrder(page: Page, orderNo: string): Promise<Locator> {
  const list = page.locator(`.sa-page[data-page-code="${CODE}"]`);
  await list.locator('tr.ant-table-row').filter({ hasText: orderNo }).getByText('编辑').click();
  const grid = detailGrid(page);
  await grid.waitFor();
  return grid;
}

describe('a master-detail page with editable detail grids', () => {
  it('adds rows, drags them, shows and clears a rule failure, saves, and reads it back', async () => {
    const { page } = first;
    await openPurchases(page);
    await page
      .locator(`.sa-page[data-page-code="${CODE}"]`)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = visibleDialog(page);
    await form.getByLabel('单号').fill(ORDER);
    // 供应商 is chosen in the 客户选择 report picker (a popup), which fills 供应商电话 too.
    await form.getByLabel('供应商', { exact: true }).click();
    const picker = page
      .locator('.ant-modal:visible')
      .filter({ has: page.locator('.ant-modal-title', { hasText: '客户选择' }) });
    await picker.locator('.ant-table-row').first().click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => picker.count()).toBe(0);
    expect(await form.getByLabel('供应商', { exact: true }).inputValue()).not.toBe('');
    expect(await form.getByLabel('供应商电话').inputValue()).not.toBe('');
    const grid = detailGrid(page);
    await expect.poll(() => grid.getByText('暂无数据').count()).toBe(1);

    await addGridRows(page, grid, 2);

    await typeIntoCell(page, grid, 0, '商品', '显示器');
    await typeIntoCell(page, grid, 0, '数量', '5');
    await typeIntoCell(page, grid, 1, '商品', '键盘');
    await typeIntoCell(page, grid, 1, '数量', '12');
    expect(await columnTexts(grid, '序号')).toEqual(['1', '2']);

    // Drag 键盘 above 显示器: the order field is renumbered from 1.
    const handles = grid.locator('.eg-drag-handle');
    await handles.nth(1).dragTo(handles.nth(0));
    await expect.poll(() => columnTexts(grid, '商品')).toEqual(['键盘', '显示器']);
    expect(await columnTexts(grid, '序号')).toEqual(['1', '2']);

    // A SKU breaking the page's pattern: the save is refused and the cell says why.
    await typeIntoCell(page, grid, 0, 'SKU', 'abc');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '采购明细：有 1 处填写有误，请修改后再保存').waitFor();
    const bad = await gridCell(grid, 0, 'SKU');
    await bad.hover();
    await page
      .locator('.ant-tooltip:visible')
      .filter({ hasText: 'SKU 应为两位大写字母-四位数字，如 KB-0001' })
      .waitFor();
    await screenshot(page, 'master-detail-rule', { fullPage: false });

    await typeIntoCell(page, grid, 0, 'SKU', 'KB-0009');
    await expect.poll(() => grid.locator('.eg-cell-invalid').count()).toBe(0);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '新增成功！').waitFor();
    await form.waitFor({ state: 'hidden' });

    // Read back after a reload: the rows in their dragged order, with their values.
    await page.reload();
    await dismissNotifications(page);
    await waitForPageRows(page, CODE);
    const saved = await editOrder(page, ORDER);
    await expect.poll(() => columnTexts(saved, '商品')).toEqual(['键盘', '显示器']);
    expect(await columnTexts(saved, '数量')).toEqual(['12', '5']);
    expect(await columnTexts(saved, 'SKU')).toEqual(['KB-0009', '']);
    expect(await columnTexts(saved, '序号')).toEqual(['1', '2']);
    await screenshot(page, 'master-detail-saved', { fullPage: false });
  });

  it("a save in one browser shows up in the other browser's open grid", async () => {
    // The first browser still shows the order's dialog from the test before.
    const watching = detailGrid(first.page);
    await watching.waitFor();

    second = await openPage(browser);
    const { page } = second;
    await login(page, 'admin', '123456');
    await dismissNotifications(page);
    await openPurchases(page);
    const grid = await editOrder(page, ORDER);
    await expect.poll(() => columnTexts(grid, '商品')).toEqual(['键盘', '显示器']);
    await typeIntoCell(page, grid, 1, '数量', '48');
    await visibleDialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(page, '编辑成功!').waitFor();

    await expect
      .poll(() => columnTexts(watching, '数量'), { timeout: 15_000 })
      .toEqual(['12', '48']);
    await screenshot(first.page, 'master-detail-synced', { fullPage: false });
  });

  it('detail columns without a width share 92% of what the fixed columns leave (§9)', async () => {
    const { page } = second;
    await editOrder(page, ORDER);
    await visibleDialog(page).getByRole('tab', { name: '付款计划' }).click();
    const grid = detailGrid(page).locator('.rdg');
    await grid.waitFor();
    const layout = await grid.evaluate((element) => ({
      width: element.clientWidth,
      columns: [...element.querySelectorAll('[role="columnheader"]')].map(
        (header) => header.getBoundingClientRect().width,
      ),
    }));
    // Row number and selection (60 each, with the statistics footer), then 付款日期, 金额, 方式.
    const [rowNumber, selection, ...values] = layout.columns;
    expect([rowNumber, selection]).toEqual([60, 60]);
    const share = ((layout.width - 120) * 0.92) / 3;
    expect(values).toHaveLength(3);
    for (const width of values) expect(Math.abs(width - share)).toBeLessThan(1);
    await visibleDialog(page).locator('.ant-modal-close').click();
    await visibleDialog(page).waitFor({ state: 'hidden' });
  });
});
