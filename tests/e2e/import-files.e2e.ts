import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  browserSession,
  screenshot,
  settle,
  waitForScreen,
  type Viewport,
} from './support';
import { api } from './api';

/**
 * Issue 15, 导入EXCEL on an online page, at 1440 and 375 px: an .xlsx and an .xls, each with a
 * bad row, chosen together and sent in one upload (是否开启校验 on). The modal shows the
 * upload's progress, then 服务器处理中; the answer is a warning 导入成功,但是有错误数据! with one
 * line per file and each file's error file to download; both files' good rows are in the list.
 */

const WIDE: Viewport = { width: 1440, height: 900 };
const CODE = 'e2e_import';
const TITLE = '导入订单';

const DEFINITION = {
  schemaVersion: 2,
  code: CODE,
  title: TITLE,
  kind: 'list',
  table: {
    name: CODE,
    columns: [
      { name: 'order_no', type: 'string', length: 32, nullable: false },
      { name: 'customer', type: 'string', length: 100 },
      { name: 'amount', type: 'decimal', precision: 12, scale: 2 },
    ],
  },
  fields: [
    {
      name: 'orderNo',
      label: '订单号',
      type: 'input',
      validateRules: [{ required: true, message: '请输入订单号' }, { unique: true }],
      list: { width: 160, sorter: true },
    },
    { name: 'customer', label: '客户', type: 'input', list: { width: 160 } },
    { name: 'amount', label: '金额', type: 'inputNumber', list: { width: 120 } },
  ],
  list: { pageSize: 20, sortColumn: 'orderNo', sortOrder: 'asc' },
};

const HEADER = ['订单号', '客户', '金额'];

/** One good and one bad row (金额 not a number) in an .xlsx. */
async function xlsxFile(prefix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('订单');
  sheet.addRows([HEADER, [`${prefix}-X1`, '甲公司', 10.5], [`${prefix}-X2`, '乙公司', '十元']]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One good and one bad row (no 订单号) in a legacy .xls. */
function xlsFile(prefix: string): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [HEADER, [`${prefix}-L1`, '丙公司', 20], [null, '丁公司', 5]];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

function importDialog(page: Page): Locator {
  return page.locator('.ant-modal-content').filter({
    has: page.locator('.ant-modal-title', { hasText: '导入EXCEL' }),
  });
}

let created = false;

for (const viewport of [WIDE, MOBILE]) {
  describe(`导入EXCEL with two files at ${viewport.width} px`, () => {
    const session = browserSession({ viewport, user: 'admin' });
    const url = `/online/e2e-import-${viewport.width}`;
    let menuId: string | undefined;

    beforeAll(async () => {
      const { page } = session;
      if (!created) {
        const saved = await api(page, 'POST', '/lowcode/page/add', { definition: DEFINITION });
        expect(saved.success, saved.message).toBe(true);
        created = true;
      }
      const added = await api<{ menuId: string }>(page, 'POST', '/lowcode/page/addToMenu', {
        code: CODE,
        url,
        name: `${TITLE}${viewport.width}`,
      });
      expect(added.success, added.message).toBe(true);
      menuId = added.result.menuId;
    });
    afterAll(async () => {
      if (menuId) await api(session.page, 'DELETE', `/sys/permission/delete?id=${menuId}`);
    });

    it('imports an .xlsx and an .xls in one upload: progress, one line per file, both files saved', async () => {
      const { page } = session;
      const prefix = `W${viewport.width}`;
      await page.goto(url);
      await waitForScreen(page, url, `${TITLE}${viewport.width}`);
      const screen = page.locator(`.sa-page[data-page-code="${CODE}"]:visible`);
      await screen.locator('.ant-table').first().waitFor();

      await screen.getByRole('button', { name: '导入' }).click();
      const modal = importDialog(page);
      await modal.waitFor();
      await expect
        .poll(() =>
          modal.getByRole('switch', { name: '是否开启校验:' }).getAttribute('aria-checked'),
        )
        .toBe('true');
      await modal.locator('input[type=file]').setInputFiles([
        {
          name: `${prefix}-订单.xlsx`,
          mimeType: 'application/octet-stream',
          buffer: await xlsxFile(prefix),
        },
        {
          name: `${prefix}-旧订单.xls`,
          mimeType: 'application/octet-stream',
          buffer: xlsFile(prefix),
        },
      ]);

      // A slow link (4 KB/s up, 1.5 s latency): the bar moves while the files travel and the
      // answer comes late enough for the bar to be seen.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 1500,
        downloadThroughput: -1,
        uploadThroughput: 4 * 1024,
      });
      await modal.getByRole('button', { name: '开始上传' }).click();
      await modal.getByRole('button', { name: /上传中/ }).waitFor();
      const bar = modal.getByRole('progressbar');
      await expect
        .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      await screenshot(page, `import-files-${viewport.width}-progress`, { fullPage: false });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();

      const warning = page
        .locator('.ant-modal-confirm')
        .filter({ hasText: '导入成功,但是有错误数据!' });
      await warning.waitFor();
      const lines = warning.getByTestId('import-file-outcome');
      await expect
        .poll(() => lines.allInnerTexts())
        .toEqual([
          expect.stringContaining(
            `${prefix}-订单.xlsx：文件导入成功，但有错误。总上传行数：2，已导入行数：1，错误行数：1`,
          ),
          expect.stringContaining(
            `${prefix}-旧订单.xls：文件导入成功，但有错误。总上传行数：2，已导入行数：1，错误行数：1`,
          ),
        ]);
      expect(await warning.getByText('点击下载').count()).toBe(2);
      await settle(page);
      await screenshot(page, `import-files-${viewport.width}-answer`, { fullPage: false });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        lines.nth(1).getByText('点击下载').click(),
      ]);
      const errors = new ExcelJS.Workbook();
      await errors.xlsx.readFile((await download.path())!);
      const texts: string[] = [];
      errors.worksheets[0]!.eachRow((row) => texts.push(JSON.stringify(row.values)));
      expect(texts.join('\n')).toContain('丁公司');
      expect(texts.join('\n')).toContain('请输入订单号');

      await warning.getByRole('button', { name: /知道了|确\s*定/ }).click();
      await modal.waitFor({ state: 'hidden' });
      const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
      await rows.filter({ hasText: `${prefix}-X1` }).waitFor();
      await rows.filter({ hasText: `${prefix}-L1` }).waitFor();
      expect(await rows.filter({ hasText: `${prefix}-X2` }).count()).toBe(0);
    });
  });
}
