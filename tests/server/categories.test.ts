import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { nextChildCode, segmentOf, segmentOrdinal } from '../../server/modules/category/codes';
import { multipartBody } from '../support/online-tables';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/** 分类字典 administration: tree list, generated codes, has_child, deletes, spreadsheets. */

type Rec = Record<string, unknown>;
type Row = (string | number | boolean | Date | null)[];

const C = '/system/sys/category';
let t: TestApp;
let filesDir: string;
let admin: string;
let staff: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-categories-'));
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

async function node(code: string) {
  return t.db
    .selectFrom('sys_category')
    .select(['id', 'pid', 'name', 'code', 'hasChild'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
}

async function byId(id: string) {
  return t.db
    .selectFrom('sys_category')
    .select(['id', 'pid', 'name', 'code', 'hasChild'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function count(): Promise<number> {
  const row = await t.db
    .selectFrom('sys_category')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function add(body: Rec) {
  return call<string>(t.app, 'POST', `${C}/add`, { token: admin, body });
}

async function addOk(body: Rec): Promise<string> {
  const res = await add(body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    success: true,
    message: '新增成功！',
  });
  return res.body.result;
}

async function rootList(query: Record<string, string> = {}) {
  return call<Page<Rec>>(t.app, 'GET', `${C}/rootList`, { token: admin, query });
}

describe('codes', () => {
  it('numbers segments A01…A99, B01…Z99 and takes the next free one', () => {
    expect([segmentOf(1), segmentOf(99), segmentOf(100), segmentOf(26 * 99)]).toEqual([
      'A01',
      'A99',
      'B01',
      'Z99',
    ]);
    expect([segmentOrdinal('A01'), segmentOrdinal('B01'), segmentOrdinal('A00')]).toEqual([
      1,
      100,
      null,
    ]);
    expect(nextChildCode('', [])).toBe('A01');
    expect(nextChildCode('', ['A01', 'A03'])).toBe('A04');
    expect(nextChildCode('A01', ['A01A01', 'A01A99'])).toBe('A01B01');
    const all = Array.from({ length: 26 * 99 }, (_, i) => `X${segmentOf(i + 1)}`);
    expect(nextChildCode('X', all)).toBeNull();
    expect(
      nextChildCode(
        'X',
        all.filter((c) => c !== 'XC07'),
      ),
    ).toBe('XC07');
  });
});

describe('access', () => {
  it('answers 510 to a user without the category codes', async () => {
    const calls: [string, string, Rec?][] = [
      ['GET', 'rootList'],
      ['GET', 'childList?pid=x'],
      ['GET', 'getChildListBatch?parentIds=x'],
      ['GET', 'checkCode?code=x'],
      ['POST', 'add', {}],
      ['PUT', 'edit', {}],
      ['DELETE', 'delete?id=x'],
      ['DELETE', 'deleteBatch?ids=x'],
      ['GET', 'exportXls'],
      ['POST', 'importExcel', {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t.app, method as 'GET', `${C}/${url}`, { token: staff, body });
      expect(res.body, url).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
      expect((await call(t.app, method as 'GET', `${C}/${url}`, { body })).status).toBe(401);
    }
  });
});

describe('tree list', () => {
  it('rootList: the top level by default, every level when filtered, one level by pid', async () => {
    const top = await rootList();
    expect(top.body.result.records.map((r) => [r.code, r.name, r.hasChild, r.pid])).toEqual([
      ['A01', '商品分类', '1', '0'],
      ['A02', '客户行业', '1', '0'],
    ]);
    expect(top.body.result.total).toBe(2);
    expect(Object.keys(top.body.result.records[0]!).sort()).toEqual(
      ['code', 'createBy', 'createTime', 'hasChild', 'id', 'name', 'pid', 'sysOrgCode'].sort(),
    );
    expect((await rootList({ pid: '0' })).body.result.total).toBe(2);

    const found = await rootList({ name: '*电*' });
    expect(found.body.result.records.map((r) => r.code)).toEqual(['A01A01', 'A01A01A02']);
    const electronics = await node('A01A01');
    const level = await rootList({ pid: electronics.id });
    expect(level.body.result.records.map((r) => r.name)).toEqual(['手机', '电脑', '配件']);
  });

  it('childList and getChildListBatch answer arrays of children', async () => {
    const [a01, a02] = [await node('A01'), await node('A02')];
    const children = await call<Rec[]>(t.app, 'GET', `${C}/childList`, {
      token: admin,
      query: { pid: a01.id },
    });
    expect(children.body.result.map((r) => r.code)).toEqual(['A01A01', 'A01A02']);
    const batch = await call<Rec[]>(t.app, 'GET', `${C}/getChildListBatch`, {
      token: admin,
      query: { parentIds: `${a01.id},${a02.id},` },
    });
    expect(batch.body.result.map((r) => r.code)).toEqual([
      'A01A01',
      'A01A02',
      'A02A01',
      'A02A02',
      'A02A03',
      'A02A04',
    ]);
    // Not an id: refused where ids are parsed (400), before any SQL.
    const none = await call<Rec[]>(t.app, 'GET', `${C}/childList`, {
      token: admin,
      query: { pid: "x' or '1'='1" },
    });
    expect(none.status).toBe(400);
    expect(none.body.result).toBeNull();
    expect((await call(t.app, 'GET', `${C}/childList`, { token: admin })).status).toBe(400);
  });

  it('refuses unknown names and injection attempts in list parameters', async () => {
    const before = await count();
    for (const query of [
      { column: 'code;drop table sys_category' },
      { '1=1--': 'x' },
      { 'name) or (1=1': 'x' },
      { superQueryParams: JSON.stringify([{ field: 'code--', rule: 'eq', val: 'x' }]) },
    ] as Record<string, string>[]) {
      const res = await rootList(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(/^未知的查询字段：/);
      expectClean(res, JSON.stringify(query));
    }
    expect(await count()).toBe(before);
  });
});

describe('add, edit, delete', () => {
  it('generates codes: A03 at the top, the next number below a parent; has_child follows', async () => {
    const top = await addOk({ name: '新顶级' });
    expect(await byId(top)).toMatchObject({ pid: '0', code: 'A03', hasChild: '0' });
    const a02 = await node('A02');
    const child = await addOk({ name: '农业', pid: a02.id });
    expect(await byId(child)).toMatchObject({ pid: a02.id, code: 'A02A05', hasChild: '0' });
    const grandchild = await addOk({ name: '种植', pid: child });
    expect(await byId(grandchild)).toMatchObject({ code: 'A02A05A01' });
    expect(await byId(child)).toMatchObject({ hasChild: '1' });

    const orphan = await add({ name: '孤儿', pid: 'nope' });
    expect(orphan.body).toMatchObject({ success: false, code: 500, message: '父级节点不存在' });
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: 'x'.repeat(101) }]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('concurrent adds below one parent all succeed with distinct codes', async () => {
    const parent = await addOk({ name: '并发父级' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add({ name: `并发${i}`, pid: parent })),
    );
    expect(results.map((r) => r.body.success)).toEqual(Array(8).fill(true));
    const codes = await t.db
      .selectFrom('sys_category')
      .select('code')
      .where('pid', '=', parent)
      .orderBy('code')
      .execute();
    const parentCode = (await byId(parent))!.code;
    expect(codes.map((c) => c.code)).toEqual(
      Array.from({ length: 8 }, (_, i) => `${parentCode}A0${i + 1}`),
    );
    const tops = await Promise.all([add({ name: '并发顶级1' }), add({ name: '并发顶级2' })]);
    expect(tops.map((r) => r.body.success)).toEqual([true, true]);
    const topCodes = await Promise.all(tops.map(async (r) => (await byId(r.body.result))!.code));
    expect(new Set(topCodes).size).toBe(2);
  });

  it('edit renames; the parent and the code stay', async () => {
    const id = await addOk({ name: '改名前' });
    const before = (await byId(id))!;
    const res = await call(t.app, 'PUT', `${C}/edit`, {
      token: admin,
      body: { id, name: '改名后', pid: '0', code: 'ZZZ' },
    });
    expect(res.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await byId(id)).toMatchObject({ name: '改名后', code: before.code, pid: '0' });

    const a01 = await node('A01');
    const move = await call(t.app, 'PUT', `${C}/edit`, {
      token: admin,
      body: { id, name: '改名后', pid: a01.id },
    });
    expect(move.body).toMatchObject({ success: false, message: '不能修改分类的上级节点' });
    const missing = await call(t.app, 'PUT', `${C}/edit`, {
      token: admin,
      body: { id: 'nope', name: 'x' },
    });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('delete removes the subtree; the parent keeps has_child right', async () => {
    const root = await addOk({ name: '删除树' });
    const left = await addOk({ name: '左', pid: root });
    const right = await addOk({ name: '右', pid: root });
    const leaf = await addOk({ name: '叶', pid: left });

    const res = await call(t.app, 'DELETE', `${C}/delete`, { token: admin, query: { id: left } });
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byId(left)).toBeUndefined();
    expect(await byId(leaf)).toBeUndefined();
    expect(await byId(root)).toMatchObject({ hasChild: '1' }); // 右 is still there

    const batch = await call(t.app, 'DELETE', `${C}/deleteBatch`, {
      token: admin,
      query: { ids: `${right},` },
    });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await byId(root)).toMatchObject({ hasChild: '0' });

    const again = await call(t.app, 'DELETE', `${C}/delete`, { token: admin, query: { id: left } });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const before = await count();
    const injected = await call(t.app, 'DELETE', `${C}/deleteBatch`, {
      token: admin,
      query: { ids: "x') or ('1'='1" },
    });
    expect(injected.body).toMatchObject({ success: false, message: '参数 ids 不正确' });
    expect(await count()).toBe(before);
  });

  it('checkCode: free codes pass; taken, empty or not below the parent are refused', async () => {
    const a01 = await node('A01');
    const check = (query: Record<string, string>) =>
      call(t.app, 'GET', `${C}/checkCode`, { token: admin, query });
    expect((await check({ pid: a01.id, code: 'A01A09' })).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await check({ code: 'A01' })).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await check({ pid: a01.id, code: 'A02A09' })).body.message).toBe(
      '编码不符合规范，须以“A01”开头',
    );
    expect((await check({ pid: a01.id })).body.message).toBe('编码不能为空');
    expect((await check({ pid: 'nope', code: 'X' })).body.message).toBe('父级节点不存在');
    expect((await check({ code: "A01' or '1'='1" })).body.success).toBe(true);
  });
});

describe('exportXls and importExcel', () => {
  async function sheetRows(buffer: Buffer): Promise<Row[]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const rows: Row[] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as Row).slice(1)));
    return rows;
  }

  async function upload(rows: Row[]) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('导入');
    for (const row of rows) sheet.addRow(row);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const { payload, contentType } = multipartBody('categories.xlsx', content);
    const res = await t.app.inject({
      method: 'POST',
      url: `${C}/importExcel`,
      headers: { 'x-access-token': admin, 'content-type': contentType },
      payload,
    });
    return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
  }

  it('exports every level, parents first, with the parent code', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${C}/exportXls`,
      query: { code: 'A01*' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['分类名称', '分类编码', '父级编码', '创建时间']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2] ?? ''])).toEqual([
      ['商品分类', 'A01', ''],
      ['电子产品', 'A01A01', 'A01'],
      ['手机', 'A01A01A01', 'A01A01'],
      ['电脑', 'A01A01A02', 'A01A01'],
      ['配件', 'A01A01A03', 'A01A01'],
      ['办公用品', 'A01A02', 'A01'],
      ['纸张', 'A01A02A01', 'A01A02'],
      ['文具', 'A01A02A02', 'A01A02'],
    ]);
  });

  it('imports a tree (parents named by file codes or tree codes) with new codes', async () => {
    const res = await upload([
      ['分类名称', '分类编码', '父级编码'],
      ['导入根', 'F1', ''],
      ['导入子', 'F1A01', 'F1'],
      ['挂在已有节点下', '', 'A02'],
      ['父级不存在', '', 'NOPE'],
      ['', '', 'A02'],
    ]);
    expect(res).toMatchObject({ code: 201, message: '文件导入成功，但有错误。' });
    expect(res.result).toMatchObject({ totalCount: 5, successCount: 3, errorCount: 2 });
    const root = await t.db
      .selectFrom('sys_category')
      .select(['id', 'code', 'pid'])
      .where('name', '=', '导入根')
      .executeTakeFirstOrThrow();
    expect(root.pid).toBe('0');
    const child = await t.db
      .selectFrom('sys_category')
      .select(['code', 'pid'])
      .where('name', '=', '导入子')
      .executeTakeFirstOrThrow();
    expect(child).toEqual({ pid: root.id, code: `${root.code}A01` });
    const hung = await t.db
      .selectFrom('sys_category')
      .select(['code'])
      .where('name', '=', '挂在已有节点下')
      .executeTakeFirstOrThrow();
    expect(hung.code).toMatch(/^A02A\d\d$/);
    expect((await upload([['分类名称'], ['单行']])).message).toBe('文件导入成功！数据行数：1');
  });
});
