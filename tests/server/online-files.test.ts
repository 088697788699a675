import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { onlineUrl, setUpOnlineApp, type OnlineApp } from '../support/online-fixtures';
import { multipartBody } from '../support/online-tables';
import { call } from '../support/test-app';

/** exportXls, importExcel (.xlsx and .xls, error files, limits) and the stored-file route. */

type Rec = Record<string, unknown>;
type Row = (string | number | boolean | Date | null)[];

let o: OnlineApp;
const order = (action: string) => onlineUrl('test_order', action);

beforeAll(async () => {
  o = await setUpOnlineApp();
  for (const [orderNo, priority, tags, qty, orderDate] of [
    ['X001', 'H', 'a', 1, '2024-01-01'],
    ['X002', 'M', 'a,b', 2, '2024-01-02'],
    ['X003', 'L', 'b', 3, null],
  ] as const) {
    const res = await call(o.t.app, 'POST', order('add'), {
      token: o.manager,
      body: { orderNo, priority, tags, qty, orderDate, shipTime: '2024-03-04 05:06:07', note: 'n' },
    });
    expect(res.body.success, res.body.message).toBe(true);
  }
});
afterAll(async () => {
  await o?.close();
});

async function download(url: string, query: Record<string, string> = {}) {
  return o.t.app.inject({ method: 'GET', url, query, headers: { 'x-access-token': o.manager } });
}

async function sheetRows(buffer: Buffer): Promise<Row[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: Row[] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as Row).slice(1)));
  return rows;
}

async function xlsxOf(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(fileName: string, content: Buffer, token = o.manager) {
  const { payload, contentType } = multipartBody(fileName, content, { isSingleTableImport: '1' });
  const res = await o.t.app.inject({
    method: 'POST',
    url: order('importExcel'),
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as ApiEnvelope<ImportResult> };
}

async function orderNos(prefix: string): Promise<string[]> {
  const res = await call<Page<Rec>>(o.t.app, 'GET', order('list'), {
    token: o.manager,
    query: { orderNo: `${prefix}*`, column: 'orderNo', order: 'asc', pageSize: '100' },
  });
  return res.body.result.records.map((r) => r.orderNo as string);
}

const HEADER = [
  '订单号',
  '客户',
  '金额',
  '数量',
  '优先级',
  '标签',
  '下单日期',
  '发货时间',
  '已付款',
  '手机号',
];

describe('exportXls', () => {
  it('streams a real .xlsx: list-field labels, dictionary text, dates as text', async () => {
    const res = await download(order('exportXls'), {
      orderNo: 'X*',
      column: 'orderNo',
      order: 'asc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('测试订单.xlsx')}`,
    );
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER); // 备注 (list: false) is not exported
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[6], r[7]])).toEqual([
      ['X001', 1, '高', '加急', '2024-01-01', '2024-03-04 05:06:07'],
      ['X002', 2, '中', '加急,包邮', '2024-01-02', '2024-03-04 05:06:07'],
      ['X003', 3, '低', '包邮', undefined, '2024-03-04 05:06:07'],
    ]);
  });

  it('exports only the selections when given', async () => {
    const list = await call<Page<Rec>>(o.t.app, 'GET', order('list'), {
      token: o.manager,
      query: { orderNo: 'X00*', column: 'orderNo', order: 'asc' },
    });
    const [first, , third] = list.body.result.records.map((r) => r.id as string);
    const res = await download(order('exportXls'), {
      selections: `${first},${third}`,
      column: 'orderNo',
      order: 'asc',
    });
    expect((await sheetRows(res.rawPayload)).slice(1).map((r) => r[0])).toEqual(['X001', 'X003']);
  });

  it('refuses a bad filter as JSON, before any file is sent', async () => {
    const res = await download(order('exportXls'), { 'bad;name': '1' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      success: false,
      message: '未知的查询字段：bad;name',
    });
  });
});

describe('importExcel', () => {
  it('imports every good row and says how many', async () => {
    const file = await xlsxOf([
      HEADER,
      [
        'I001',
        '王五',
        9.5,
        2,
        '高',
        '加急,包邮',
        '2024-06-01',
        '2024-06-01 12:00:00',
        '是',
        '13900139000',
      ],
      ['I002', null, '3', null, 'M', null, null, null, null, null],
    ]);
    const res = await upload('订单.xlsx', file);
    expect(res.body).toMatchObject({
      success: true,
      code: 200,
      message: '文件导入成功！数据行数：2',
    });
    const imported = await call<Page<Rec>>(o.t.app, 'GET', order('list'), {
      token: o.manager,
      query: { orderNo: 'I001' },
    });
    expect(imported.body.result.records[0]).toMatchObject({
      customer: '王五',
      amount: 9.5,
      priority: 'H',
      tags: 'a,b',
      orderDate: '2024-06-01',
      shipTime: '2024-06-01 12:00:00',
      paid: true,
      createBy: 'o_manager',
    });
  });

  it('takes Excel dates, a title row above the header, field names as headers, and ignores 错误信息', async () => {
    const file = await xlsxOf([
      ['订单导入模板'],
      ['orderNo', 'orderDate', 'shipTime', '错误信息'],
      [
        'I101',
        new Date(Date.UTC(2024, 6, 8)),
        new Date(Date.UTC(2024, 6, 8, 9, 10, 11)),
        '旧的错误',
      ],
    ]);
    const res = await upload('dates.xlsx', file);
    expect(res.body.message).toBe('文件导入成功！数据行数：1');
    const rec = (
      await call<Page<Rec>>(o.t.app, 'GET', order('list'), {
        token: o.manager,
        query: { orderNo: 'I101' },
      })
    ).body.result.records[0]!;
    expect([rec.orderDate, rec.shipTime]).toEqual(['2024-07-08', '2024-07-08 09:10:11']);
  });

  it('saves the good rows and answers 201 with a downloadable file of the bad ones', async () => {
    const file = await xlsxOf([
      HEADER,
      ['J001', '好', 1, 1, '高', null, null, null, null, null],
      ['J002', null, 'abc', null, null, null, null, null, null, null],
      ['J003', null, null, null, '特急', null, null, null, null, '123'],
      ['J001', '重复', null, null, null, null, null, null, null, null],
      [null, '无单号', null, null, null, null, null, null, null, null],
      ['X001', '已存在', null, null, null, null, null, null, null, null],
      ['J004', '好', null, null, 'L', '包邮', null, null, '否', null],
    ]);
    const res = await upload('订单.xlsx', file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: {
        totalCount: 7,
        errorCount: 5,
        successCount: 2,
        msg: '总上传行数：7，已导入行数：2，错误行数：5',
      },
    });
    expect(await orderNos('J')).toEqual(['J001', 'J004']);

    const { fileUrl, fileName } = res.body.result;
    expect(fileUrl).toMatch(/^\/sys\/common\/static\/import-errors\/\d{8}\/.+\.xlsx$/);
    expect(fileName).toMatch(/^测试订单_导入错误_[0-9a-f]{12}\.xlsx$/);
    const file201 = await download(`/system${fileUrl}`);
    expect(file201.statusCode).toBe(200);
    expect(file201.headers['content-disposition']).toContain('attachment;');
    const rows = await sheetRows(file201.rawPayload);
    expect(rows[0]).toEqual([...HEADER, '错误信息']);
    expect(rows.slice(1).map((r) => [r[0] ?? null, r[HEADER.length]])).toEqual([
      ['J002', '第3行：金额必须是数字'],
      ['J003', '第4行：优先级的值“特急”不在可选项中；手机号：请输入正确的手机号码'],
      ['J001', '第5行：订单号的值在文件中重复（与第2行相同）'],
      [null, '第6行：订单号不能为空'],
      ['X001', '第7行：订单号的值已存在：X001'],
    ]);
  });

  it('reads legacy .xls files', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([HEADER, ['K001', '旧格式', 1.25, 4, '低', null, '2024-02-03']]),
      'Sheet1',
    );
    const file = XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
    const res = await upload('old.xls', file);
    expect(res.body, res.body.message).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：1',
    });
    expect(await orderNos('K')).toEqual(['K001']);
  });

  it('refuses files too large, not spreadsheets, without a header or without data', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    big.write('PK\u0003\u0004', 0, 'latin1');
    expect((await upload('big.xlsx', big)).body).toMatchObject({
      success: false,
      message: '文件大小超过限制（最大10MB）',
    });
    const bigXls = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bigXls);
    expect((await upload('big.xls', bigXls)).body.message).toBe(
      '.xls 文件不能超过 5MB，请另存为 .xlsx 后导入',
    );
    expect((await upload('a.csv', Buffer.from('订单号\nA'))).body.message).toBe(
      '只能导入 Excel 文件（.xlsx 或 .xls）',
    );
    expect(
      (
        await upload(
          'h.xlsx',
          await xlsxOf([
            ['甲', '乙'],
            ['1', '2'],
          ]),
        )
      ).body.message,
    ).toBe('没有找到表头：表头应为字段名称（可用导出的文件作为模板）');
    expect((await upload('e.xlsx', await xlsxOf([HEADER]))).body.message).toBe('文件中没有数据');
    const notMultipart = await call(o.t.app, 'POST', order('importExcel'), {
      token: o.manager,
      body: { file: 'x' },
    });
    expect(notMultipart.body.message).toBe('请以 multipart/form-data 上传文件');
  });

  it('stops reading beyond 100,000 data rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('s');
    sheet.addRow(['订单号']);
    for (let i = 0; i <= 100_000; i++) sheet.addRow([`M${i}`]);
    const res = await upload('many.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.body).toMatchObject({
      success: false,
      message: '数据行数超过上限（100000行），请分批导入',
    });
    expect(await orderNos('M')).toEqual([]);
  });
});

describe('GET /sys/common/static/*', () => {
  it('serves files under FILES_DIR to signed-in users only', async () => {
    fs.mkdirSync(path.join(o.filesDir, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(o.filesDir, 'docs', '说明.txt'), 'hello');
    const url = `/system/sys/common/static/docs/${encodeURIComponent('说明.txt')}`;
    const res = await download(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('说明.txt')}`,
    );
    const anonymous = await o.t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses .., absolute paths and paths outside FILES_DIR; 404 for a missing file', async () => {
    const outside = `${o.filesDir}-outside.txt`; // beside FILES_DIR, not in it
    fs.writeFileSync(outside, 'secret');
    const outsideName = path.basename(outside);
    const escapes = [`..%2F${outsideName}`, `docs%2F..%2F..%2F${outsideName}`, '%2Fetc%2Fpasswd'];
    for (const bad of escapes) {
      const res = await download(`/system/sys/common/static/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, message: '文件路径不合法' });
    }
    // NUL is refused for every route before any handler runs (server/http/text-guard.ts).
    const nul = await download('/system/sys/common/static/a%00b');
    expect(nul.statusCode).toBe(400);
    expect(JSON.parse(nul.body)).toMatchObject({
      success: false,
      message: '参数 path 含有非法字符',
    });
    const symlink = path.join(o.filesDir, 'link.txt');
    fs.symlinkSync(outside, symlink);
    expect((await download('/system/sys/common/static/link.txt')).statusCode).toBe(400);
    const missing = await download('/system/sys/common/static/docs/none.txt');
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({
      success: false,
      code: 404,
      message: '文件不存在',
    });
    fs.rmSync(outside);
  });
});
