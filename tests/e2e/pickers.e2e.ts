import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  baseURL,
  browserSession,
  screenshot,
  settle,
  toast,
  waitForPageRows,
  waitForScreen,
  type Viewport,
} from './support';
import { api } from './api';

/**
 * Issue 13's 采购单 flow (schemas/demo_purchase.json), at 1366 px and at 375 px: 供应商 is
 * chosen from the 客户选择 report through the popup picker, which fills 供应商电话 as well; a
 * detail row gets a 负责人 from the users-by-department picker and a 部门 from the department
 * picker. After a save and a reload, the list shows the supplier's name and the grid shows
 * people's and departments' names, never their ids.
 */

const CODE = 'demo_purchase';

function dialog(page: Page, title: string): Locator {
  return page
    .locator('.ant-modal:visible')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

function orderForm(page: Page): Locator {
  return page.locator('.ant-modal:visible').filter({ has: page.getByLabel('单号') });
}

function gridRows(grid: Locator): Locator {
  return grid.locator('.rdg-row:not(.eg-expand-row):not(.rdg-summary-row)');
}

/**
 * The cell of a data row in the column titled `title`. The grid draws only the columns in
 * view (a phone shows few), so it is scrolled sideways until the column is drawn.
 */
async function cell(grid: Locator, row: number, title: string): Promise<Locator> {
  const header = grid.locator('[role="columnheader"]').filter({ hasText: title }).first();
  const scroller = grid.locator('.rdg').first();
  for (let left = 0; (await header.count()) === 0 && left < 4000; left += 200) {
    await scroller.evaluate((element, x) => element.scrollTo({ left: x }), left + 200);
    await grid.page().waitForTimeout(50);
  }
  const col = await header.getAttribute('aria-colindex');
  return gridRows(grid).nth(row).locator(`[role="gridcell"][aria-colindex="${col}"]`);
}

/** What a cell shows: its editor's text while it is being edited, else its text. */
async function cellText(grid: Locator, row: number, title: string): Promise<string> {
  const target = await cell(grid, row, title);
  const editor = target.locator('input');
  return ((await editor.count()) > 0 ? await editor.inputValue() : await target.innerText()).trim();
}

/** Brings a grid cell into view (the grid scrolls sideways on a phone) and clicks it. */
async function clickCell(grid: Locator, row: number, title: string): Promise<Locator> {
  const target = await cell(grid, row, title);
  await target.scrollIntoViewIfNeeded();
  await target.click();
  return target;
}

/** Leaves the grid's editing cell by a click on the order form's title. */
async function leaveCell(page: Page): Promise<void> {
  await orderForm(page).locator('.ant-modal-title').click();
  await settle(page);
}

async function flow(page: Page, orderNo: string, shot: string): Promise<void> {
  const link = await api<{ menuId: string }>(page, 'POST', '/lowcode/page/addToMenu', {
    code: CODE,
    url: `/online/e2e-pickers-${shot}`,
    name: `采购选择${shot}`,
  });
  expect(link.success, link.message).toBe(true);
  await page.goto(`${baseURL}/online/e2e-pickers-${shot}`);
  await waitForScreen(page, `/online/e2e-pickers-${shot}`, `采购选择${shot}`);
  const list = await waitForPageRows(page, CODE);

  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = orderForm(page);
  await form.getByLabel('单号').fill(orderNo);

  // 供应商 through the popup: the 客户选择 report, first customer.
  await form.getByLabel('供应商', { exact: true }).click();
  const report = dialog(page, '客户选择');
  const firstRow = report.locator('.ant-table-row').first();
  await firstRow.waitFor();
  const customer = (await firstRow.locator('td').nth(1).innerText()).trim();
  await firstRow.click();
  await screenshot(page, `pickers-${shot}-report`, { fullPage: false });
  await report.getByRole('button', { name: /确\s*定/ }).click();
  await report.waitFor({ state: 'detached' });
  await expect.poll(() => form.getByLabel('供应商', { exact: true }).inputValue()).toBe(customer);
  expect(await form.getByLabel('供应商电话').inputValue()).toMatch(/^1\d{10}$/);

  // A detail row: 商品, then 负责人 (陈静) and 部门 (财务部) through their pickers.
  const grid = form.locator('.ant-tabs-tabpane-active .eg-root');
  await grid.getByRole('button', { name: /新\s*增/ }).click();
  await expect.poll(() => gridRows(grid).count()).toBe(1);
  const product = await clickCell(grid, 0, '商品');
  await product.locator('input').fill('扫码枪');
  await leaveCell(page);
  const quantity = await clickCell(grid, 0, '数量');
  await quantity.locator('input').fill('3');
  await leaveCell(page);

  const ownerCell = await clickCell(grid, 0, '负责人');
  await ownerCell.getByPlaceholder('请选择用户').click();
  const users = dialog(page, '选择用户');
  await users.getByPlaceholder('请输入姓名').fill('陈静');
  await users.getByRole('button', { name: /查\s*询/ }).click();
  await users.locator('.ant-table-row').filter({ hasText: '陈静' }).first().click();
  await expect.poll(() => users.getByLabel('已选择').innerText()).toContain('陈静');
  await screenshot(page, `pickers-${shot}-users`, { fullPage: false });
  await users.getByRole('button', { name: /确\s*定/ }).click();
  await users.waitFor({ state: 'detached' });
  await leaveCell(page);
  await expect.poll(() => cellText(grid, 0, '负责人')).toBe('陈静');

  const departCell = await clickCell(grid, 0, '部门');
  await departCell.getByPlaceholder('请点击选择部门').click();
  const departs = dialog(page, '选择部门');
  await departs.locator('.ant-tree-treenode').filter({ hasText: '财务部' }).first().click();
  await expect.poll(() => departs.getByLabel('已选择').innerText()).toContain('财务部');
  await departs.getByRole('button', { name: /确\s*定/ }).click();
  await departs.waitFor({ state: 'detached' });
  await leaveCell(page);
  await expect.poll(() => cellText(grid, 0, '部门')).toBe('财务部');

  await form.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '新增成功！').waitFor();
  await form.waitFor({ state: 'hidden' });

  // After a reload: the list names the supplier; the grid names the person and department.
  await page.reload();
  const again = await waitForPageRows(page, CODE);
  const row = again.locator('tr.ant-table-row').filter({ hasText: orderNo });
  await row.waitFor();
  expect(await row.innerText()).toContain(customer);
  await row.getByText('编辑').click();
  const saved = orderForm(page).locator('.ant-tabs-tabpane-active .eg-root');
  await expect.poll(() => gridRows(saved).count()).toBe(1);
  // Names, looked up once the grid has its rows (never the ids held).
  await expect.poll(() => cellText(saved, 0, '负责人')).toBe('陈静');
  await expect.poll(() => cellText(saved, 0, '部门')).toBe('财务部');
  expect(await orderForm(page).getByLabel('供应商', { exact: true }).inputValue()).toBe(customer);
  await screenshot(page, `pickers-${shot}-saved`, { fullPage: false });

  await api(page, 'DELETE', `/sys/permission/delete?id=${link.result.menuId}`);
}

const VIEWPORTS: readonly (readonly [string, Viewport, string])[] = [
  ['desktop', DESKTOP, 'CG-E2E-PICK-1'],
  ['phone', MOBILE, 'CG-E2E-PICK-2'],
];

for (const [shot, viewport, orderNo] of VIEWPORTS) {
  describe(`采购单's pickers at ${viewport.width} px`, () => {
    const session = browserSession({ viewport, user: 'admin' });
    it('a supplier from a report, a person and a department in the detail grid, saved and named', async () => {
      await flow(session.page, orderNo, shot);
    });
  });
}
