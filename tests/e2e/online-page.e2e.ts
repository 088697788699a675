import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserSession,
  dismissNotifications,
  documentWidth,
  MOBILE,
  openMenu,
  screenshot,
  settle,
  toast,
  waitForScreen,
  waitUntil,
} from './support';
import { replaceEditorText, titledModal } from './page-editor';

/**
 * Issue 3 end to end: an administrator writes a page that brings its own table in 低代码 →
 * 页面配置, sees an invalid edit refused, adds the page to the menu, and then works with its
 * records through the page engine and the online-table API: add, edit, query, delete, export,
 * import the export back with one bad row.
 */

const CODE = 'e2e_order';
const TITLE = '测试订单';

const DEFINITION = {
  schemaVersion: 2,
  code: CODE,
  title: TITLE,
  kind: 'list',
  table: {
    name: CODE,
    columns: [
      { name: 'order_no', type: 'string', length: 32, nullable: false, comment: '订单号' },
      { name: 'customer', type: 'string', length: 100, comment: '客户' },
      { name: 'amount', type: 'decimal', precision: 12, scale: 2, comment: '金额' },
    ],
  },
  fields: [
    {
      name: 'orderNo',
      label: '订单号',
      type: 'input',
      validateRules: [{ required: true, message: '请输入订单号' }],
      query: { rule: 'like', pinned: true },
      list: { width: 160, sorter: true },
    },
    {
      name: 'customer',
      label: '客户',
      type: 'input',
      query: { rule: 'eq', pinned: true },
      list: { width: 160 },
    },
    {
      name: 'amount',
      label: '金额',
      type: 'inputNumber',
      validateRules: [{ pattern: 'money', message: '请输入正确的金额' }],
      list: { width: 120, sorter: true },
    },
  ],
  list: { pageSize: 10, sortColumn: 'createTime', sortOrder: 'desc' },
  form: { container: 'modal', width: 640 },
};

/**
 * The page as its menu entry shows it: the editor's tab stays open in the background, and
 * its live preview renders the same page (hidden while another tab shows).
 */
function view(page: Page): Locator {
  return page.locator(`.sa-page[data-page-code="${CODE}"]:visible`);
}

/** The rows the list shows (not the measuring row antd adds). */
function rows(page: Page): Locator {
  return view(page).locator('.ant-table-tbody tr.ant-table-row');
}

function emptyList(page: Page): Locator {
  return view(page).locator('.ant-empty-description', { hasText: '暂无数据' });
}

function row(page: Page, orderNo: string): Locator {
  return rows(page).filter({ has: page.getByText(orderNo, { exact: true }) });
}

async function fillRecord(
  page: Page,
  title: string,
  values: { orderNo?: string; customer?: string; amount?: string },
) {
  const modal = titledModal(page, title);
  await modal.waitFor();
  if (values.orderNo !== undefined) await modal.getByLabel('订单号').fill(values.orderNo);
  if (values.customer !== undefined) await modal.getByLabel('客户').fill(values.customer);
  if (values.amount !== undefined) await modal.getByLabel('金额').fill(values.amount);
  return modal;
}

async function addRecord(page: Page, orderNo: string, customer: string, amount: string) {
  await view(page).getByRole('button', { name: '新增' }).click();
  const modal = await fillRecord(page, '新增', { orderNo, customer, amount });
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await modal.waitFor({ state: 'hidden' });
  await row(page, orderNo).waitFor();
}

describe('a page with its own table, from the editor to its records', () => {
  const session = browserSession({ user: 'admin' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-e2e-online-'));
  let exported = '';

  it('writes the page in the editor; an invalid edit is refused with its place', async () => {
    const { page } = session;
    await openMenu(page, '低代码', '页面配置');
    await waitForScreen(page, '/lowcode/page', '页面配置');
    await page.getByRole('button', { name: '新增页面' }).click();
    await page.locator('.monaco-editor .view-lines').first().waitFor();

    // An unknown field type: the definition check names the path.
    const invalid = structuredClone(DEFINITION) as { fields: { type: string }[] };
    invalid.fields[1]!.type = 'no-such-widget';
    await replaceEditorText(page, JSON.stringify(invalid, null, 2));
    await page.getByRole('button', { name: '保存' }).click();
    const refused = titledModal(page, '无法保存');
    await refused.waitFor();
    await expect.poll(() => refused.innerText()).toContain('/fields/1/type');
    await screenshot(page, 'online-editor-refused', { fullPage: false });
    await refused.getByRole('button', { name: '知道了' }).click();

    // Broken JSON: refused as such.
    await replaceEditorText(page, '{ "code": ');
    await page.getByRole('button', { name: '保存' }).click();
    await titledModal(page, '无法保存：JSON 格式有误').waitFor();
    await titledModal(page, '无法保存：JSON 格式有误')
      .getByRole('button', { name: '知道了' })
      .click();

    // The valid page: the save dialog previews the CREATE TABLE, then version 1.
    await replaceEditorText(page, JSON.stringify(DEFINITION, null, 2));
    await page.locator('.ant-table').getByText('订单号').first().waitFor(); // live preview
    await page.getByRole('button', { name: '保存' }).click();
    const save = titledModal(page, '创建页面');
    await save.waitFor();
    await expect.poll(() => save.innerText()).toMatch(/create table/i);
    await screenshot(page, 'online-editor-save', { fullPage: false });
    await save.getByRole('button', { name: /创\s*建/ }).click();
    await toast(page, '已保存，当前版本 1').waitFor();
    await expect.poll(() => page.getByTestId('page-version').innerText()).toBe('版本 1');
    await settle(page);
    await screenshot(page, 'online-editor-desktop');
  });

  it('adds the page to the menu; the preview then reads the rows; the entry opens it', async () => {
    const { page } = session;
    // Before 加入菜单 the page's data codes are nobody's: the preview says it cannot read.
    const preview = page.getByTestId('page-preview');
    const warning = preview.getByText(/预览读取不到数据/);
    await warning.waitFor();
    await page.getByRole('button', { name: '加入菜单' }).click();
    const menu = titledModal(page, '加入菜单');
    await menu.waitFor();
    await menu.getByLabel('菜单名称').fill(TITLE);
    await menu.getByRole('button', { name: '加入菜单' }).click();
    await toast(page, `已加入菜单「${TITLE}」`).waitFor();
    await menu.waitFor({ state: 'hidden' });
    // The grant is there: the preview reads again, without the warning.
    await warning.waitFor({ state: 'detached' });
    await preview.locator('.ant-table-placeholder, tr.ant-table-row').first().waitFor();

    // A top-level entry with no children opens the page directly.
    await page.locator(`nav[aria-label="一级菜单"] button[title="${TITLE}"]`).click();
    await waitForScreen(page, `/online/page/${CODE}`, TITLE);
    await emptyList(page).waitFor();
  });

  it('adds, edits, queries and deletes records', async () => {
    const { page } = session;
    await dismissNotifications(page);
    await addRecord(page, 'NO-001', '甲公司', '100.5');
    await addRecord(page, 'NO-002', '乙公司', '20');
    await addRecord(page, 'NO-003', '甲公司', '3');

    // A form rule stops a bad amount before anything is sent.
    await view(page).getByRole('button', { name: '新增' }).click();
    const bad = await fillRecord(page, '新增', { orderNo: 'NO-BAD', amount: '1.234' });
    await bad.getByRole('button', { name: /确\s*定/ }).click();
    await bad.getByText('请输入正确的金额').waitFor();
    await bad.getByRole('button', { name: /取\s*消/ }).click();
    await bad.waitFor({ state: 'hidden' });

    await row(page, 'NO-002').getByText('编辑').click();
    const edit = await fillRecord(page, '编辑', { amount: '25.75' });
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await row(page, 'NO-002').getByText('25.75').waitFor();

    // Query: customer eq 甲公司 → two rows; then a like on the order number.
    await view(page).getByRole('textbox', { name: '客户' }).fill('甲公司');
    await view(page)
      .getByRole('button', { name: /^(search )?查\s*询$/ })
      .click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await view(page).getByRole('button', { name: '重置' }).click();
    await view(page).getByRole('textbox', { name: '订单号' }).fill('003');
    await view(page)
      .getByRole('button', { name: /^(search )?查\s*询$/ })
      .click();
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([expect.stringContaining('NO-003')]);
    await view(page).getByRole('button', { name: '重置' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);

    await row(page, 'NO-003').getByText('删除').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await settle(page);
    await screenshot(page, 'online-list-desktop');
  });

  it('exports the records to a real .xlsx', async () => {
    const { page } = session;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view(page).getByRole('button', { name: '导出' }).click(),
    ]);
    exported = path.join(tmp, 'export.xlsx');
    await download.saveAs(exported);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual(expect.arrayContaining(['订单号', '客户', '金额']));
    const numbers: string[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) numbers.push(String(r.getCell(header.indexOf('订单号') + 1).value));
    });
    expect(numbers.sort()).toEqual(['NO-001', 'NO-002']);
  });

  it('imports the file back with one bad row: good rows saved, an error file offered', async () => {
    const { page } = session;
    // Empty the table first (batch delete), so the import is what brings the rows back.
    await view(page).locator('.ant-table-thead .ant-checkbox-input').check();
    await view(page).getByRole('button', { name: '批量删除' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await emptyList(page).waitFor();

    // The exported file plus one row without its required order number.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean) as string[];
    const bad = header.map((h) => (h === '客户' ? '丙公司' : h === '金额' ? 9 : ''));
    sheet.addRow(bad);
    const upload = path.join(tmp, '订单导入.xlsx');
    await book.xlsx.writeFile(upload);

    await view(page).getByRole('button', { name: '导入' }).click();
    const modal = titledModal(page, '导入EXCEL');
    await modal.waitFor();
    await modal.locator('input[type=file]').setInputFiles(upload);
    await modal.getByRole('button', { name: '开始上传' }).click();
    const warning = page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '导入成功,但是有错误数据!' });
    await warning.waitFor();
    await expect
      .poll(() => warning.innerText())
      .toContain('总上传行数：3，已导入行数：2，错误行数：1');
    const [errorDownload] = await Promise.all([
      page.waitForEvent('download'),
      warning.getByText('点击下载').click(),
    ]);
    const errorFile = path.join(tmp, 'errors.xlsx');
    await errorDownload.saveAs(errorFile);
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.readFile(errorFile);
    const texts: string[] = [];
    errors.worksheets[0]!.eachRow((r) => texts.push(JSON.stringify(r.values)));
    expect(texts.join('\n')).toContain('丙公司');
    expect(texts.join('\n')).toContain('订单号');
    await screenshot(page, 'online-import-partial', { fullPage: false });
    await warning.getByRole('button', { name: /知道了|确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' }); // closes itself once the server accepted the file

    await expect.poll(() => rows(page).count()).toBe(2);
    await row(page, 'NO-001').waitFor();
    await row(page, 'NO-002').getByText('25.75').waitFor();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});

describe('the page and its editor on a phone', () => {
  const session = browserSession({ user: 'admin', viewport: MOBILE });

  it('shows the online list without sideways scrolling of the page', async () => {
    const { page } = session;
    await page.goto(`/online/page/${CODE}`);
    await waitForScreen(page, `/online/page/${CODE}`, TITLE);
    await row(page, 'NO-001').waitFor();
    await settle(page);
    const width = await documentWidth(page);
    expect(width.scrollWidth).toBeLessThanOrEqual(width.clientWidth);
    await screenshot(page, 'online-list-mobile');
  });

  it('opens the page in the editor', async () => {
    const { page } = session;
    await page.goto(`/lowcode/page?code=${CODE}`);
    await page.locator('.monaco-editor .view-lines').first().waitFor();
    await waitUntil(
      async () => (await page.getByTestId('page-version').count()) > 0,
      'the editor to load the page',
    );
    await settle(page);
    const width = await documentWidth(page);
    expect(width.scrollWidth).toBeLessThanOrEqual(width.clientWidth);
    await screenshot(page, 'online-editor-mobile');
  });
});
