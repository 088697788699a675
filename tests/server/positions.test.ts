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

/** 职务管理: /sys/position CRUD, queryByCode, export and import. */

type Rec = Record<string, unknown>;
type Row = (string | number | boolean | Date | null)[];

const P = '/system/sys/position';
let t: TestApp;
let filesDir: string;
let admin: string;
let staff: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-positions-'));
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

async function add(body: Rec, token = admin) {
  return call<string>(t.app, 'POST', `${P}/add`, { token, body });
}

async function addOk(body: Rec): Promise<string> {
  const res = await add(body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    success: true,
    message: '新增成功！',
  });
  return res.body.result;
}

async function list(query: Record<string, string>) {
  return call<Page<Rec>>(t.app, 'GET', `${P}/list`, { token: admin, query });
}

async function positionCount(): Promise<number> {
  const row = await t.db
    .selectFrom('sys_position')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

async function upload(content: Buffer, token = admin) {
  const { payload, contentType } = multipartBody('positions.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/importExcel`,
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
}

describe('access', () => {
  const endpoints: [string, string][] = [
    ['GET', 'list'],
    ['GET', 'queryById?id=x'],
    ['GET', 'queryByCode?code=x'],
    ['POST', 'add'],
    ['PUT', 'edit'],
    ['DELETE', 'delete?id=x'],
    ['DELETE', 'deleteBatch?ids=x'],
    ['GET', 'exportXls'],
    ['POST', 'importExcel'],
  ];

  it('needs a token, then the position:* code (staff holds none)', async () => {
    for (const [method, url] of endpoints) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      const anonymous = await call(t.app, method as 'GET', `${P}/${url}`, { body });
      expect(anonymous.status, url).toBe(401);
      const refused = await call(t.app, method as 'GET', `${P}/${url}`, { token: staff, body });
      expect(refused.body, url).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
    }
  });
});

describe('list and reads', () => {
  it('lists the seeded positions with filters, sort and paging', async () => {
    const all = await list({ pageSize: '100' });
    expect(all.body.success).toBe(true);
    expect(all.body.result.total).toBe(7);
    const first = all.body.result.records[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'code',
        'companyId',
        'createBy',
        'createTime',
        'id',
        'name',
        'postRank',
        'sysOrgCode',
        'postRank_dictText',
        'rank_dictText',
      ].sort(),
    );
    expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const managers = await list({ name: '*经理*' });
    expect(managers.body.result.records.map((r) => r.code)).toEqual(['jingli']);
    const sorted = await list({ column: 'code', order: 'asc', pageSize: '3', pageNo: '2' });
    expect(sorted.body.result).toMatchObject({ current: 2, size: 3, total: 7, pages: 3 });
    expect(sorted.body.result.records.map((r) => r.code)).toEqual([
      'zhuanyuan',
      'zhuguan',
      'zhuli',
    ]);
    const ranked = await list({ postRank: '3,5', column: 'code', order: 'asc' });
    expect(ranked.body.result.records.map((r) => r.code)).toEqual([
      'gaojigongchengshi',
      'zhuguan',
      'zongjian',
    ]);
  });

  it('refuses unknown names and injection attempts with a clean answer; data intact', async () => {
    const before = await positionCount();
    const attempts: Record<string, string>[] = [
      { column: 'code;drop table sys_position' },
      { column: 'code', order: 'asc; drop table sys_position' },
      { '1=1--': 'x' },
      { "code' or '1'='1": 'x' },
      { 'code_begin;--': 'x' },
      {
        superQueryParams: JSON.stringify([
          { field: 'code) or 1=1 --', rule: 'eq', val: 'x', type: 'string' },
        ]),
      },
    ];
    for (const query of attempts) {
      const res = await list(query);
      expectClean(res, JSON.stringify(query));
      if (query.order) {
        // `order` only chooses asc/desc: anything else is desc, never SQL.
        expect(res.body.success).toBe(true);
        continue;
      }
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(/^未知的查询字段：/);
    }
    // A value is a bound parameter: it finds nothing and changes nothing.
    const bound = await list({ code: "x' or '1'='1" });
    expect(bound.body.result.total).toBe(0);
    expect(await positionCount()).toBe(before);
  });

  it('queryById and queryByCode answer the record or 未找到对应数据', async () => {
    const id = await addOk({ code: 'reader', name: '读者' });
    const byId = await call<Rec>(t.app, 'GET', `${P}/queryById`, { token: admin, query: { id } });
    expect(byId.body.result).toMatchObject({ id, code: 'reader', name: '读者' });
    const byCode = await call<Rec>(t.app, 'GET', `${P}/queryByCode`, {
      token: admin,
      query: { code: 'reader' },
    });
    expect(byCode.body.result).toMatchObject({ id, code: 'reader' });
    for (const [url, query] of [
      ['queryById', { id: 'nope' }],
      ['queryByCode', { code: "reader' or '1'='1" }],
    ] as const) {
      const res = await call(t.app, 'GET', `${P}/${url}`, { token: admin, query });
      expect(res.body).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    }
    const missing = await call(t.app, 'GET', `${P}/queryByCode`, { token: admin });
    expect(missing.status).toBe(400);
  });
});

describe('writes', () => {
  it('adds with the caller department as sysOrgCode; the code is unique', async () => {
    const id = await addOk({ code: 'tester-1', name: '测试员', postRank: '2' });
    const row = await t.db
      .selectFrom('sys_position')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      code: 'tester-1',
      name: '测试员',
      postRank: '2',
      createBy: 'admin',
    });
    expect(row.sysOrgCode).toBeTruthy();

    const again = await add({ code: 'tester-1', name: '另一个' });
    expect(again.body).toMatchObject({
      success: false,
      code: 500,
      message: '职务编码“tester-1”已存在',
    });
  });

  it('two adds of one code racing: one wins, the other gets the clear message', async () => {
    const results = await Promise.all([
      add({ code: 'racer', name: '甲' }),
      add({ code: 'racer', name: '乙' }),
    ]);
    expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.body.success)!.body.message).toBe('职务编码“racer”已存在');
  });

  it('refuses invalid bodies (HTTP 400) naming the field', async () => {
    const cases: [Rec, string][] = [
      [{ name: '无编码' }, 'code'],
      [{ code: 'no_name' }, 'name'],
      [{ code: 'bad code;drop table sys_position', name: 'x' }, 'code'],
      [{ code: 'x'.repeat(101), name: 'x' }, 'code'],
      [{ code: 'ok', name: '   ' }, 'name'],
      [{ code: 'ok', name: 'x', postRank: '123' }, 'postRank'],
    ];
    const before = await positionCount();
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message).toContain(field);
      expectClean(res, JSON.stringify(body));
    }
    expect(await positionCount()).toBe(before);
  });

  it('edits a position; a taken code or a missing id is refused', async () => {
    const id = await addOk({ code: 'editme', name: '原名' });
    const edited = await call(t.app, 'PUT', `${P}/edit`, {
      token: admin,
      body: { id, code: 'edited', name: '新名', postRank: '4' },
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const row = await t.db
      .selectFrom('sys_position')
      .select(['code', 'name', 'postRank', 'updateBy'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ code: 'edited', name: '新名', postRank: '4', updateBy: 'admin' });

    const taken = await call(t.app, 'PUT', `${P}/edit`, {
      token: admin,
      body: { id, code: 'jingli', name: '新名' },
    });
    expect(taken.body.message).toBe('职务编码“jingli”已存在');
    const missing = await call(t.app, 'PUT', `${P}/edit`, {
      token: admin,
      body: { id: 'nope', code: 'nope', name: 'x' },
    });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const noId = await call(t.app, 'PUT', `${P}/edit`, {
      token: admin,
      body: { code: 'nope', name: 'x' },
    });
    expect(noId.status).toBe(400);
  });

  it('deletes one and a batch (trailing comma); missing ids answer 未找到对应数据', async () => {
    const a = await addOk({ code: 'del_a', name: 'A' });
    const b = await addOk({ code: 'del_b', name: 'B' });
    const c = await addOk({ code: 'del_c', name: 'C' });
    const one = await call(t.app, 'DELETE', `${P}/delete`, { token: admin, query: { id: a } });
    expect(one.body).toMatchObject({ success: true, message: '删除成功!' });
    const batch = await call(t.app, 'DELETE', `${P}/deleteBatch`, {
      token: admin,
      query: { ids: `${b},${c},` },
    });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    const left = await t.db
      .selectFrom('sys_position')
      .select('id')
      .where('id', 'in', [a, b, c])
      .execute();
    expect(left).toEqual([]);

    const again = await call(t.app, 'DELETE', `${P}/delete`, { token: admin, query: { id: a } });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const injected = await call(t.app, 'DELETE', `${P}/deleteBatch`, {
      token: admin,
      query: { ids: "x' or '1'='1" },
    });
    expect(injected.body).toMatchObject({ success: false, message: '参数 ids 不正确' });
    expect(await positionCount()).toBeGreaterThan(5);
  });
});

describe('exportXls and importExcel', () => {
  it('exports the filtered list with labels and dictionary text, or only the selections', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/exportXls`,
      query: { code: 'zhu*', column: 'code', order: 'asc' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['职务编码', '职务名称', '职级', '所属部门编码', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
      ['zhuanyuan', '专员', '助级'],
      ['zhuguan', '主管', '中级'],
      ['zhuli', '助理', '员级'],
    ]);

    const picked = await list({ code: 'zhu*', column: 'code', order: 'asc' });
    const [first] = picked.body.result.records;
    const selected = await t.app.inject({
      method: 'GET',
      url: `${P}/exportXls`,
      query: { selections: String(first!.id) },
      headers: { 'x-access-token': admin },
    });
    expect((await sheetRows(selected.rawPayload)).slice(1).map((r) => r[0])).toEqual(['zhuanyuan']);

    const refused = await call(t.app, 'GET', `${P}/exportXls`, {
      token: admin,
      query: { column: 'code;drop table sys_position' },
    });
    expect(refused.status).toBe(400);
    expectClean(refused, 'export column');
  });

  it('imports good rows and answers 201 with an error file for the bad ones', async () => {
    const file = await xlsxOf([
      ['职务编码', '职务名称', '职级'],
      ['imp_a', '导入甲', '员级'],
      ['imp_b', '导入乙', '正高级'],
      ['jingli', '重复', '员级'],
      ['bad code', '坏编码', ''],
      ['imp_c', '', '助级'],
      ['imp_d', '坏职级', '宇宙级'],
    ]);
    const res = await upload(file);
    expect(res).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.result).toMatchObject({ totalCount: 6, successCount: 2, errorCount: 4 });
    const saved = await t.db
      .selectFrom('sys_position')
      .select(['code', 'name', 'postRank'])
      .where('code', 'in', ['imp_a', 'imp_b', 'imp_c', 'imp_d'])
      .orderBy('code')
      .execute();
    expect(saved).toEqual([
      { code: 'imp_a', name: '导入甲', postRank: '1' },
      { code: 'imp_b', name: '导入乙', postRank: '5' },
    ]);
    const errors = fs.readdirSync(filesDir, { recursive: true }).map(String);
    expect(errors.some((f) => f.endsWith('.xlsx'))).toBe(true);

    const ok = await upload(
      await xlsxOf([
        ['职务编码', '职务名称'],
        ['imp_e', '导入戊'],
      ]),
    );
    expect(ok).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    expect((await upload(await xlsxOf([['职务编码'], ['x']]), staff)).code).toBe(510);
  });
});
