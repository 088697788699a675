import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { multipartBody } from '../support/online-tables';
import { DEMO_PASSWORD, createTestApp, login, type TestApp } from '../support/test-app';
import { DEPART, departCount, expectDenied } from './departs-fixtures';

/** 部门管理 → 导出 / 导入: the export is the template; parents are named by org code. */

type Cell = string | number | null | undefined;

let t: TestApp;
let admin: string;
let staff: string;

const HEADER = [
  '部门名称',
  '上级部门编码',
  '部门编码',
  '机构类别',
  '排序',
  '手机号',
  '传真',
  '地址',
  '备注',
  '状态',
];

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function exportRows(query: Record<string, string> = {}, token = admin) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${DEPART}/exportXls`,
    query,
    headers: { 'x-access-token': token },
  });
  if (!String(res.headers['content-type']).includes('spreadsheetml')) {
    return { res, rows: [] as Cell[][] };
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: Cell[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as Cell[]).slice(1)));
  return { res, rows };
}

async function xlsxOf(rows: readonly Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('部门');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(content: Buffer, token = admin) {
  const { payload, contentType } = multipartBody('部门.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${DEPART}/importExcel`,
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as ApiEnvelope<ImportResult> };
}

async function byName(departName: string) {
  return t.db
    .selectFrom('sys_depart as d')
    .leftJoin('sys_depart as p', 'p.id', 'd.parentId')
    .select(['d.orgCode', 'p.orgCode as parentCode', 'd.orgCategory', 'd.status', 'd.departOrder'])
    .where('d.departName', '=', departName)
    .execute();
}

describe('exportXls', () => {
  it('exports every level, parents first, with parent codes and dictionary texts', async () => {
    const { res, rows } = await exportRows();
    expect(res.statusCode).toBe(200);
    expect(rows[0]).toEqual(HEADER);
    const body = rows.slice(1);
    expect(body.map((r) => r[2])).toEqual([
      'A01',
      'A01A01',
      'A01A02',
      'A01A02A01',
      'A01A02A02',
      'A01A02A03',
      'A01A03',
      'A01A03A01',
      'A01A03A02',
      'A01A04',
      'A01A05',
      'A02',
      'A02A01',
      'A02A02',
      'A02A02A01',
      'A02A02A02',
    ]);
    expect(body[0]!.slice(0, 5)).toEqual(['星河科技集团', undefined, 'A01', '公司', 0]);
    expect(body[0]![9]).toBe('启用');
    expect(body[3]!.slice(0, 4)).toEqual(['后端开发部', 'A01A02', 'A01A02A01', '部门']);
  });

  it('applies the list filters and selections', async () => {
    const filtered = await exportRows({ orgCode: 'A02*' });
    expect(filtered.rows.slice(1).map((r) => r[2])).toEqual([
      'A02',
      'A02A01',
      'A02A02',
      'A02A02A01',
      'A02A02A02',
    ]);
    const ids = await t.db
      .selectFrom('sys_depart')
      .select('id')
      .where('orgCode', 'in', ['A01A04', 'A02A01'])
      .execute();
    const picked = await exportRows({ selections: ids.map((r) => r.id).join(',') });
    expect(picked.rows.slice(1).map((r) => r[2])).toEqual(['A01A04', 'A02A01']);
  });

  it('refuses a bad filter as JSON and staff with 510', async () => {
    const bad = await exportRows({ 'bad;name': '1' });
    expect(bad.res.statusCode).toBe(400);
    expect(JSON.parse(bad.res.body)).toMatchObject({ message: '未知的查询字段：bad;name' });
    const denied = await exportRows({}, staff);
    expectDenied({ status: denied.res.statusCode, body: JSON.parse(denied.res.body), text: '' });
  });
});

describe('importExcel', () => {
  it('saves each row as add does; parents by the file code of an earlier row or an existing code', async () => {
    const before = await departCount(t.db);
    const file = await xlsxOf([
      HEADER,
      ['导入集团', '', 'T01', '公司', 3, '13800000000', '', '', '', '启用'],
      ['导入部门', 'T01', 'T01A01', '', '', '', '', '', '', '不启用'],
      ['导入小组', 'T01A01', '', '岗位', '', '', '', '', '', ''],
      ['挂在A01下', 'A01', '', '', 1, '', '', '', '', ''],
      ['无上级', 'NOPE', '', '', '', '', '', '', '', ''],
      ['', 'A01', '', '', '', '', '', '', '', ''],
      ['坏类别', '', '', '不存在的类别', '', '', '', '', '', ''],
    ]);
    const { status, body } = await upload(file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 201, message: '文件导入成功，但有错误。' });
    expect(body.result).toMatchObject({ totalCount: 7, successCount: 4, errorCount: 3 });
    expect(await departCount(t.db)).toBe(before + 4);
    expect(await byName('导入集团')).toEqual([
      { orgCode: 'A03', parentCode: null, orgCategory: '1', status: '1', departOrder: 3 },
    ]);
    expect(await byName('导入部门')).toEqual([
      { orgCode: 'A03A01', parentCode: 'A03', orgCategory: '2', status: '0', departOrder: 0 },
    ]);
    expect(await byName('导入小组')).toEqual([
      { orgCode: 'A03A01A01', parentCode: 'A03A01', orgCategory: '3', status: '1', departOrder: 0 },
    ]);
    expect((await byName('挂在A01下'))[0]).toMatchObject({ orgCode: 'A01A06', parentCode: 'A01' });
  });

  it('imports its own export as a copy of the subtree', async () => {
    const { rows } = await exportRows({ orgCode: 'A02A02*' });
    const { body } = await upload(await xlsxOf(rows));
    expect(body).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：3' });
    const copies = await t.db
      .selectFrom('sys_depart as d')
      .leftJoin('sys_depart as p', 'p.id', 'd.parentId')
      .select(['d.departName', 'd.orgCode', 'p.orgCode as parentCode'])
      .where('d.departName', 'in', ['客户服务部', '客服一组', '客服二组'])
      .orderBy('d.orgCode')
      .execute();
    expect(copies).toEqual([
      { departName: '客户服务部', orgCode: 'A02A02', parentCode: 'A02' },
      { departName: '客服一组', orgCode: 'A02A02A01', parentCode: 'A02A02' },
      { departName: '客服二组', orgCode: 'A02A02A02', parentCode: 'A02A02' },
      { departName: '客户服务部', orgCode: 'A02A03', parentCode: 'A02' },
      { departName: '客服一组', orgCode: 'A02A03A01', parentCode: 'A02A03' },
      { departName: '客服二组', orgCode: 'A02A03A02', parentCode: 'A02A03' },
    ]);
  });

  it('needs depart:import', async () => {
    const { body } = await upload(await xlsxOf([HEADER, ['x']]), staff);
    expect(body).toMatchObject({ success: false, code: 510 });
  });
});
