import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
import type { ImportSummary } from '../../src/contracts/import-result';
import { onlineUrl, setUpOnlineApp, type OnlineApp } from '../support/online-fixtures';
import { call } from '../support/test-app';
import { multipartFiles, type FilePart } from '../support/multipart';

/**
 * importExcel of an online page: 是否开启校验 (validateStatus), several files in one upload
 * (each its own transaction and its own line in the answer), and sheets larger than a batch.
 */

type Row = (string | number | null)[];

let o: OnlineApp;
const order = (action: string) => onlineUrl('test_order', action);
const HEADER = ['订单号', '客户', '金额', '手机号'];

beforeAll(async () => {
  o = await setUpOnlineApp();
});
afterAll(async () => {
  await o?.close();
});

async function xlsxOf(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function xlsOf(rows: Row[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

/** A multipart body of `files[]` parts, with the text fields before or after the files. */
const multipart = (
  files: readonly FilePart[],
  fields: Record<string, string>,
  fieldsLast = false,
) => multipartFiles(files, fields, { fileField: 'files[]', fieldsLast });

async function upload(
  files: readonly FilePart[],
  fields: Record<string, string> = {},
  last = false,
) {
  const { payload, contentType } = multipart(files, fields, last);
  const res = await o.t.app.inject({
    method: 'POST',
    url: order('importExcel'),
    headers: { 'x-access-token': o.manager, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as ApiEnvelope<ImportSummary | null>;
}

async function orderNos(prefix: string): Promise<string[]> {
  const res = await call<Page<Record<string, unknown>>>(o.t.app, 'GET', order('list'), {
    token: o.manager,
    query: { orderNo: `${prefix}*`, column: 'orderNo', order: 'asc', pageSize: '100' },
  });
  return res.body.result.records.map((r) => r.orderNo as string);
}

async function errorRows(fileUrl: string): Promise<string[]> {
  const res = await o.t.app.inject({
    method: 'GET',
    url: `/system${fileUrl}`,
    headers: { 'x-access-token': o.manager },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const messages: string[] = [];
  workbook.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) messages.push(String(row.getCell(HEADER.length + 1).value));
  });
  return messages;
}

describe('是否开启校验 (validateStatus)', () => {
  const rows = (prefix: string): Row[] => [
    HEADER,
    [`${prefix}1`, '手机号不合规则', 1, '123'],
    [`${prefix}2`, '金额不是数字', 'abc', null],
    [null, '没有订单号', 2, null],
    [`${prefix}4`, '都对', 3, '13800138000'],
  ];

  it('1 (and absent): the page rules refuse a phone number the pattern rejects', async () => {
    const res = await upload([{ name: 'v1.xlsx', content: await xlsxOf(rows('VA')) }], {
      validateStatus: '1',
    });
    expect(res).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 3 } });
    expect(await orderNos('VA')).toEqual(['VA4']);
    expect(await errorRows(res.result!.fileUrl!)).toEqual([
      '第2行：手机号：请输入正确的手机号码',
      '第3行：金额必须是数字',
      '第4行：订单号不能为空',
    ]);
  });

  it('0: imports what converts to the column types; a bad number or a missing NOT NULL value is still refused', async () => {
    // The flag after the files: it is read whichever way round the form sends it.
    const res = await upload(
      [{ name: 'v0.xlsx', content: await xlsxOf(rows('VB')) }],
      { validateStatus: '0' },
      true,
    );
    expect(res).toMatchObject({ code: 201, result: { successCount: 2, errorCount: 2 } });
    expect(await orderNos('VB')).toEqual(['VB1', 'VB4']);
    expect(await errorRows(res.result!.fileUrl!)).toEqual([
      '第3行：金额必须是数字',
      '第4行：订单号不能为空',
    ]);
  });

  it('0 still refuses a value already in a unique column', async () => {
    const res = await upload(
      [{ name: 'u.xlsx', content: await xlsxOf([HEADER, ['VB1', '重复', 1, null]]) }],
      { validateStatus: '0' },
    );
    expect(res).toMatchObject({ code: 201, result: { successCount: 0, errorCount: 1 } });
  });
});

describe('several files in one upload', () => {
  it('imports each file on its own and lists every outcome; the error file of each is offered', async () => {
    const a = await xlsxOf([HEADER, ['FA1', '甲', 1, null], ['FA2', '乙', 2, null]]);
    const b = xlsOf([HEADER, ['FB1', '丙', 3, null], ['FB2', '丁', 'x', null]]);
    const res = await upload([
      { name: 'a.xlsx', content: a },
      { name: 'b.xls', content: b },
      { name: 'c.csv', content: Buffer.from('订单号\nFC1') },
    ]);
    expect(res.success).toBe(true);
    expect(res.code).toBe(201);
    expect(res.message).toBe(
      'a.xlsx：文件导入成功！数据行数：2；' +
        'b.xls：文件导入成功，但有错误。总上传行数：2，已导入行数：1，错误行数：1；' +
        'c.csv：只能导入 Excel 文件（.xlsx 或 .xls）',
    );
    const result = res.result!;
    expect(result).toMatchObject({ totalCount: 4, successCount: 3, errorCount: 1 });
    expect(result.files!.map((f) => [f.name, f.success, Boolean(f.fileUrl)])).toEqual([
      ['a.xlsx', true, false],
      ['b.xls', true, true],
      ['c.csv', false, false],
    ]);
    expect(result.fileUrl).toBe(result.files![1]!.fileUrl);
    expect(await errorRows(result.fileUrl!)).toEqual(['第3行：金额必须是数字']);
    expect(await orderNos('F')).toEqual(['FA1', 'FA2', 'FB1']);
  });

  it('a file refused as a whole leaves the files before it saved', async () => {
    const good = await xlsxOf([HEADER, ['FD1', '甲', 1, null]]);
    const blank = await xlsxOf([
      HEADER,
      ...Array.from({ length: 3 }, () => [null, null, null, null]),
    ]);
    const res = await upload([
      { name: 'good.xlsx', content: good },
      { name: 'empty.xlsx', content: blank },
    ]);
    expect(res).toMatchObject({
      success: true,
      code: 201,
      message: 'good.xlsx：文件导入成功！数据行数：1；empty.xlsx：文件中没有数据',
    });
    expect(await orderNos('FD')).toEqual(['FD1']);
  });

  it('every file refused: a failure naming each file', async () => {
    const res = await upload([
      { name: 'x.txt', content: Buffer.from('x') },
      { name: 'y.xlsx', content: await xlsxOf([['甲'], ['1']]) },
    ]);
    expect(res).toMatchObject({
      success: false,
      message:
        'x.txt：只能导入 Excel 文件（.xlsx 或 .xls）；' +
        'y.xlsx：没有找到表头：表头应为字段名称（可用导出的文件作为模板）',
    });
  });

  it('refuses more than 10 files', async () => {
    const file = await xlsxOf([HEADER, ['FE1', null, null, null]]);
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.xlsx`, content: file }));
    const res = await upload(files);
    expect(res).toMatchObject({ success: false, message: '一次最多上传10个文件' });
    expect(await orderNos('FE')).toEqual([]);
  });
});

describe('values as the sheet holds them', () => {
  it('keeps text with quotes, commas, braces, backslashes and the word NULL exactly', async () => {
    const texts = ['NULL', 'a,"b"\\{c}', "it's", '甲\n乙'];
    const rows: Row[] = [HEADER, ...texts.map((t, i) => [`TX${i}`, t, i + 0.5, null])];
    const res = await upload([{ name: 't.xlsx', content: await xlsxOf(rows) }]);
    expect(res.message).toBe('文件导入成功！数据行数：4');
    const list = await call<Page<Record<string, unknown>>>(o.t.app, 'GET', order('list'), {
      token: o.manager,
      query: { orderNo: 'TX*', column: 'orderNo', order: 'asc' },
    });
    const records = list.body.result.records;
    expect(records.map((r) => r.customer)).toEqual(texts);
    expect(records.map((r) => r.amount)).toEqual([0.5, 1.5, 2.5, 3.5]);
  });
});

describe('sheets larger than a batch', () => {
  it('saves the good rows of every batch and reports the bad ones of each', async () => {
    const rows: Row[] = [HEADER];
    for (let i = 1; i <= 2500; i++) rows.push([`BG${String(i).padStart(5, '0')}`, null, i, null]);
    rows[1800]![2] = 'abc'; // second batch
    rows[2400]![0] = 'BG00001'; // third batch, repeating the first row
    const res = await upload([{ name: 'big.xlsx', content: await xlsxOf(rows) }]);
    expect(res).toMatchObject({
      code: 201,
      result: { totalCount: 2500, successCount: 2498, errorCount: 2 },
    });
    expect(await errorRows(res.result!.fileUrl!)).toEqual([
      '第1801行：金额必须是数字',
      '第2401行：订单号的值在文件中重复（与第2行相同）',
    ]);
    const count = await call<Page<unknown>>(o.t.app, 'GET', order('list'), {
      token: o.manager,
      query: { orderNo: 'BG*', pageSize: '1' },
    });
    expect(count.body.result.total).toBe(2498);
  });
});
