import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { multipartBody } from '../support/online-tables';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';
import { multipartFiles } from '../support/multipart';

/** 系统通告 spreadsheets: GET /sys/annountCement/exportXls and POST …/importExcel. */

type Row = (string | number | boolean | Date | null)[];

const A = '/system/sys/annountCement';
const HEADER = [
  '标题',
  '消息类型',
  '开始时间',
  '结束时间',
  '优先级',
  '通告对象类型',
  '摘要',
  '内容',
];
let t: TestApp;
let filesDir: string;
let admin: string;
let staff: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-notice-excel-'));
  t = await createTestApp({ env: { FILES_DIR: filesDir } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  for (const [titile, priority, msgCategory] of [
    ['导出通告一', 'H', '1'],
    ['导出通告二', 'L', '2'],
  ]) {
    const res = await call(t.app, 'POST', `${A}/add`, {
      token: admin,
      body: {
        titile,
        priority,
        msgCategory,
        msgType: 'ALL',
        startTime: '2024-05-01 08:00:00',
        endTime: '2024-05-31 18:00:00',
        msgAbstract: '摘要',
        msgContent: '<p>正文</p>',
      },
    });
    expect(res.body.success, res.body.message).toBe(true);
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

function expectClean(res: CallResult<unknown>, what: string): void {
  expect(res.text, what).not.toMatch(/\n\s+at /);
  expect(res.text, what).not.toMatch(/select |syntax error|relation /i);
}

async function download(query: Record<string, string>, token = admin) {
  return t.app.inject({
    method: 'GET',
    url: `${A}/exportXls`,
    query,
    headers: { 'x-access-token': token },
  });
}

async function sheetRows(buffer: Buffer): Promise<Row[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: Row[] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as Row).slice(1)));
  return rows;
}

async function upload(rows: Row[], token = admin) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const { payload, contentType } = multipartBody('notices.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${A}/importExcel`,
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
}

async function stored(titile: string) {
  return t.db
    .selectFrom('sys_announcement')
    .select([
      'titile',
      'msgCategory',
      'priority',
      'msgType',
      'msgAbstract',
      'msgContent',
      'sendStatus',
      'startTime',
      'createBy',
    ])
    .where('titile', '=', titile)
    .execute();
}

describe('access', () => {
  it('needs notice:export and notice:import (510 for staff, 401 without a token)', async () => {
    const exported = await call(t.app, 'GET', `${A}/exportXls`, { token: staff });
    expect(exported.body).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
    expect((await upload([['标题'], ['x']], staff)).code).toBe(510);
    expect((await call(t.app, 'GET', `${A}/exportXls`)).status).toBe(401);
  });
});

describe('exportXls', () => {
  it('exports the filtered list with dictionary texts and times', async () => {
    const res = await download({ titile: '导出通告*', column: 'titile', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual([
      [
        '导出通告一',
        '通知公告',
        '2024-05-01 08:00:00',
        '2024-05-31 18:00:00',
        '高',
        '全体用户',
        '摘要',
        '<p>正文</p>',
      ],
      [
        '导出通告二',
        '系统消息',
        '2024-05-01 08:00:00',
        '2024-05-31 18:00:00',
        '低',
        '全体用户',
        '摘要',
        '<p>正文</p>',
      ],
    ]);
  });

  it('refuses bad list names with a clean answer', async () => {
    for (const query of [
      { column: 'titile;drop table sys_announcement' },
      { 'msg_content) or (1=1': 'x' },
      { superQueryParams: JSON.stringify([{ field: 'titile--', rule: 'eq', val: 'x' }]) },
    ] as Record<string, string>[]) {
      const res = await call(t.app, 'GET', `${A}/exportXls`, { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expectClean(res, JSON.stringify(query));
    }
  });
});

describe('importExcel', () => {
  it('takes one file: a second one in the same upload is refused, nothing saved', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('导入').addRow(HEADER);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const { payload, contentType } = multipartFiles([
      { name: 'a.xlsx', content },
      { name: 'b.xlsx', content },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${A}/importExcel`,
      headers: { 'x-access-token': admin, 'content-type': contentType },
      payload,
    });
    expect(JSON.parse(res.body)).toMatchObject({ success: false, message: '一次只能上传一个文件' });
  });

  it('saves rows as add does: texts to values, content cleaned, a draft', async () => {
    const res = await upload([
      HEADER,
      [
        '导入通告',
        '系统消息',
        '2024-06-01 09:00:00',
        '2024-06-02 09:00:00',
        '中',
        '全体用户',
        '导入摘要',
        '<p onclick="x()">好</p><script>alert(1)</script>',
      ],
    ]);
    expect(res).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    const [row] = await stored('导入通告');
    expect(row).toMatchObject({
      msgCategory: '2',
      priority: 'M',
      msgType: 'ALL',
      msgAbstract: '导入摘要',
      msgContent: '<p>好</p>',
      sendStatus: '0',
      createBy: 'admin',
    });
    expect(row!.startTime).toEqual(new Date('2024-06-01T01:00:00Z')); // 09:00 in Shanghai
  });

  it('imports its own export; refuses bad rows into the error file (code 201)', async () => {
    const exported = await sheetRows((await download({ titile: '导出通告一' })).rawPayload);
    const date = new Date(Date.UTC(2024, 6, 1, 8, 30, 0)); // an Excel date cell
    const res = await upload([
      exported[0]!,
      ['再次导入', ...exported[1]!.slice(1)],
      ['日期单元格', '通知公告', date, null, '低', '全体用户', null, null],
      ['<b>只有标题</b>', null, null, null, null, null, null, null],
      ['坏优先级', '通知公告', null, null, '宇宙级', '全体用户', null, null],
      ['坏时间', '通知公告', '明天', null, '高', '全体用户', null, null],
      [
        '结束早于开始',
        '通知公告',
        '2024-06-02 00:00:00',
        '2024-06-01 00:00:00',
        '高',
        null,
        null,
        null,
      ],
      ['指定用户', '通知公告', null, null, '高', '指定用户', null, null],
      [null, '通知公告', null, null, '高', '全体用户', '无标题', null],
      ['x'.repeat(101), '通知公告', null, null, '高', '全体用户', null, null],
    ]);
    expect(res).toMatchObject({ code: 201, message: '文件导入成功，但有错误。' });
    expect(res.result).toMatchObject({ totalCount: 9, successCount: 3, errorCount: 6 });
    expect(await stored('再次导入')).toHaveLength(1);
    const [fromDate] = await stored('日期单元格');
    expect(fromDate!.startTime).toEqual(new Date('2024-07-01T00:30:00Z')); // 08:30 Shanghai
    const [titleOnly] = await stored('只有标题'); // the title keeps text only
    expect(titleOnly).toMatchObject({ priority: 'L', msgCategory: '1', msgType: 'ALL' });

    const relative = res.result.fileUrl.replace(/^\/sys\/common\/static\//, '');
    const errorFile = path.join(filesDir, ...relative.split('/').map(decodeURIComponent));
    const messages = (await sheetRows(fs.readFileSync(errorFile)))
      .slice(1)
      .map((r) => String(r.at(-1)));
    expect(messages).toEqual([
      '第5行：“优先级”的值“宇宙级”不是可选的值',
      '第6行：时间格式不正确，应为 yyyy-MM-dd HH:mm:ss',
      '第7行：结束时间不能早于开始时间',
      '第8行：请选择通告对象',
      '第9行：“标题”不能为空',
      expect.stringMatching(/^第10行：“标题”/),
    ]);
  });
});
