import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
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

/** 数据字典 spreadsheets: GET /sys/dict/exportXls and POST /sys/dict/importExcel. */

type Row = (string | number | boolean | Date | null)[];

const D = '/system/sys/dict';
let t: TestApp;
let filesDir: string;
let admin: string;
let staff: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-dict-excel-'));
  t = await createTestApp({ env: { FILES_DIR: filesDir } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
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
    url: `${D}/exportXls`,
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
  const { payload, contentType } = multipartBody('dicts.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${D}/importExcel`,
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
}

async function dictCount(): Promise<number> {
  const row = await t.db
    .selectFrom('sys_dict')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('access', () => {
  it('needs dict:export and dict:import (510 for staff, 401 without a token)', async () => {
    const exported = await call(t.app, 'GET', `${D}/exportXls`, { token: staff });
    expect(exported.body).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
    expect((await upload([['字典名称'], ['x']], staff)).code).toBe(510);
    expect((await call(t.app, 'GET', `${D}/exportXls`)).status).toBe(401);
    expect((await call(t.app, 'POST', `${D}/importExcel`, { body: {} })).status).toBe(401);
  });
});

describe('exportXls', () => {
  it('exports the filtered, sorted list: 字典名称, 字典编码, 描述', async () => {
    const res = await download({ dictCode: 'msg_*', column: 'dictCode', order: 'asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('数据字典.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['字典名称', '字典编码', '描述']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['消息类型', 'msg_category'],
      ['通告对象类型', 'msg_type'],
    ]);
  });

  it('exports only the selections; refuses bad names before sending anything', async () => {
    const list = await call<Page<{ id: string; dictCode: string }>>(t.app, 'GET', `${D}/list`, {
      token: admin,
      query: { dictCode: 'sex' },
    });
    const sex = list.body.result.records[0]!;
    const res = await download({ selections: sex.id });
    expect((await sheetRows(res.rawPayload)).slice(1).map((r) => r[1])).toEqual(['sex']);

    for (const query of [
      { column: 'dict_code;drop table sys_dict' },
      { '1=1--': 'x' },
      { superQueryParams: JSON.stringify([{ field: 'dict_code or 1', rule: 'eq', val: 'x' }]) },
    ] as Record<string, string>[]) {
      const refused = await call(t.app, 'GET', `${D}/exportXls`, { token: admin, query });
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.message).toMatch(/^未知的查询字段：/);
      expectClean(refused, JSON.stringify(query));
    }
  });
});

describe('importExcel', () => {
  it('saves good rows as add does; bad rows go to the error file (code 201)', async () => {
    const before = await dictCount();
    const res = await upload([
      ['字典名称', '字典编码', '描述'],
      ['导入字典', 'imported_dict', '从表格导入'],
      ['第二个', 'imported.two', ''],
      ['重复编码', 'sex', ''],
      ['坏编码', "x'; drop table sys_dict; --", ''],
      ['', 'no_name', ''],
      ['无编码', '', ''],
    ]);
    expect(res).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.result).toMatchObject({ totalCount: 6, successCount: 2, errorCount: 4 });
    expect(res.result.fileUrl).toMatch(/^\/sys\/common\/static\//);
    expect(await dictCount()).toBe(before + 2);
    const stored = await t.db
      .selectFrom('sys_dict')
      .select(['dictName', 'dictCode', 'description', 'createBy'])
      .where('dictCode', 'in', ['imported_dict', 'imported.two'])
      .execute();
    expect(stored.sort((a, b) => a.dictName.localeCompare(b.dictName, 'en'))).toEqual([
      {
        dictName: '导入字典',
        dictCode: 'imported_dict',
        description: '从表格导入',
        createBy: 'admin',
      },
      { dictName: '第二个', dictCode: 'imported.two', description: null, createBy: 'admin' },
    ]);

    // The error file lists the refused rows with why.
    const relative = res.result.fileUrl.replace(/^\/sys\/common\/static\//, '');
    const errorFile = path.join(filesDir, ...relative.split('/').map(decodeURIComponent));
    const errors = await sheetRows(fs.readFileSync(errorFile));
    const messages = errors.slice(1).map((r) => String(r.at(-1)));
    expect(messages[0]).toBe('第4行：字典编码“sex”已存在');
    expect(messages[1]).toMatch(/^第5行：“字典编码”应当匹配模式/);
    expect(messages[2]).toBe('第6行：“字典名称”不能为空');
    expect(messages[3]).toBe('第7行：“字典编码”不能为空');
  });

  it('imports its own export back (new codes only) and answers the row count', async () => {
    const exported = await download({ dictCode: 'imported_dict' });
    const rows = await sheetRows(exported.rawPayload);
    rows[1]![1] = 'imported_again';
    const res = await upload(rows);
    expect(res).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：1' });
    const again = await t.db
      .selectFrom('sys_dict')
      .select('dictName')
      .where('dictCode', '=', 'imported_again')
      .executeTakeFirst();
    expect(again).toEqual({ dictName: '导入字典' });
  });

  it('refuses a file without a header or rows', async () => {
    expect((await upload([['什么', '都不是']])).message).toMatch(/^没有找到表头/);
    expect((await upload([['字典名称', '字典编码']])).message).toBe('文件中没有数据');
  });
});
