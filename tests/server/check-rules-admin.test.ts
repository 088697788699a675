import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { multipartBody } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/** 校验规则 administration: CRUD with checked rule JSON, export, import; checkByCode after. */

type Rec = Record<string, unknown>;
type Row = (string | number | boolean | Date | null)[];

const R = '/system/sys/checkRule';
let t: TestApp;
let filesDir: string;
let admin: string;
let staff: string;

const GOOD_RULES = [
  { digits: '2', pattern: '[A-Z]{2}', message: '前两位是大写字母' },
  { digits: 3, pattern: '\\d{3}', message: '第3到5位是数字' },
  { digits: '*', pattern: '.{5}', message: '共5位' },
];

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-checkrules-'));
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

async function add(body: Rec) {
  return call<string>(t.app, 'POST', `${R}/add`, { token: admin, body });
}

async function addOk(body: Rec): Promise<string> {
  const res = await add(body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    success: true,
    message: '新增成功！',
  });
  return res.body.result;
}

async function ruleCount(): Promise<number> {
  const row = await t.db
    .selectFrom('sys_check_rule')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const checkByCode = (ruleCode: string, value: string) =>
  call(t.app, 'GET', PAGE_API.checkRule, { token: staff, query: { ruleCode, value } });

describe('access', () => {
  it('answers 510 without the checkRule codes; checkByCode stays open to the signed-in', async () => {
    const calls: [string, string, Rec?][] = [
      ['GET', 'list'],
      ['GET', 'queryById?id=x'],
      ['POST', 'add', {}],
      ['PUT', 'edit', {}],
      ['DELETE', 'delete?id=x'],
      ['DELETE', 'deleteBatch?ids=x'],
      ['GET', 'exportXls'],
      ['POST', 'importExcel', {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t.app, method as 'GET', `${R}/${url}`, { token: staff, body });
      expect(res.body, url).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
      expect((await call(t.app, method as 'GET', `${R}/${url}`, { body })).status).toBe(401);
    }
    expect((await checkByCode('common', 'abc_1')).body.success).toBe(true);
  });
});

describe('CRUD', () => {
  it('adds a rule that checkByCode then applies; lists and reads it', async () => {
    const id = await addOk({
      ruleName: '订单号',
      ruleCode: 'order_no',
      ruleJson: JSON.stringify(GOOD_RULES),
      ruleDescription: '两位字母加三位数字',
    });
    const stored = await t.db
      .selectFrom('sys_check_rule')
      .select(['ruleJson', 'createBy'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // digits are stored as text, like the reference system writes them
    expect(JSON.parse(stored.ruleJson)).toEqual(
      GOOD_RULES.map((r) => ({ ...r, digits: String(r.digits) })),
    );
    expect(stored.createBy).toBe('admin');

    expect((await checkByCode('order_no', 'AB123')).body.success).toBe(true);
    expect((await checkByCode('order_no', 'ab123')).body.message).toBe('前两位是大写字母');
    expect((await checkByCode('order_no', 'AB1234')).body.message).toBe('共5位');

    const listed = await call<Page<Rec>>(t.app, 'GET', `${R}/list`, {
      token: admin,
      query: { ruleCode: 'order*', column: 'ruleName', order: 'asc' },
    });
    expect(listed.body.result.records.map((r) => r.ruleCode)).toEqual(['order_no']);
    expect(Object.keys(listed.body.result.records[0]!).sort()).toEqual(
      [
        'createBy',
        'createTime',
        'id',
        'ruleCode',
        'ruleDescription',
        'ruleJson',
        'ruleName',
        'updateTime',
      ].sort(),
    );
    const byId = await call<Rec>(t.app, 'GET', `${R}/queryById`, { token: admin, query: { id } });
    expect(byId.body.result).toMatchObject({ id, ruleName: '订单号', ruleCode: 'order_no' });
    const none = await call(t.app, 'GET', `${R}/queryById`, { token: admin, query: { id: 'x' } });
    expect(none.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('accepts the rule array itself as ruleJson', async () => {
    await addOk({ ruleName: '数组', ruleCode: 'as_array', ruleJson: GOOD_RULES });
    expect((await checkByCode('as_array', 'XY999')).body.success).toBe(true);
  });

  it('refuses bad rule JSON with a message naming the problem; nothing is stored', async () => {
    const rule = (over: Rec) => [{ digits: '*', pattern: '.*', message: '提示', ...over }];
    const cases: [unknown, string][] = [
      ['not json', '规则内容不是合法的 JSON'],
      [42, '规则内容应当是一个数组'], // the schema takes it as the text "42"
      [JSON.stringify({ digits: '*' }), '规则内容应当是一个数组'],
      ['[]', '规则内容应有 1 到 20 条规则'],
      [JSON.stringify(Array(21).fill(rule({})[0])), '规则内容应有 1 到 20 条规则'],
      [JSON.stringify(['x']), '第 1 条规则应当是一个对象'],
      [JSON.stringify(rule({ digits: 0 })), '第 1 条规则的位数（digits）应为 * 或正整数'],
      [JSON.stringify(rule({ digits: '-1' })), '第 1 条规则的位数（digits）应为 * 或正整数'],
      [JSON.stringify(rule({ digits: 'two' })), '第 1 条规则的位数（digits）应为 * 或正整数'],
      [JSON.stringify(rule({ digits: 1.5 })), '第 1 条规则的位数（digits）应为 * 或正整数'],
      [JSON.stringify(rule({ digits: undefined })), '第 1 条规则的位数（digits）应为 * 或正整数'],
      [JSON.stringify(rule({ pattern: '' })), '第 1 条规则缺少正则表达式（pattern）'],
      [JSON.stringify(rule({ pattern: 5 })), '第 1 条规则缺少正则表达式（pattern）'],
      [JSON.stringify(rule({ pattern: '([a-z' })), '第 1 条规则的正则表达式不合法'],
      // compiles alone, but not inside the evaluator's anchoring ^(?:…)$
      [JSON.stringify(rule({ pattern: 'x)|(.*' })), '第 1 条规则的正则表达式不合法'],
      // RE2 (linear time) has no look-around or back-references
      [
        JSON.stringify(rule({ pattern: '^(?=\\d)\\w+$' })),
        '第 1 条规则的正则表达式用到了环视或反向引用，服务器无法执行，请改写',
      ],
      [
        JSON.stringify(rule({ pattern: '(a)\\1' })),
        '第 1 条规则的正则表达式用到了环视或反向引用，服务器无法执行，请改写',
      ],
      [JSON.stringify(rule({ message: '' })), '第 1 条规则缺少提示信息（message）'],
      [JSON.stringify(rule({ message: '   ' })), '第 1 条规则缺少提示信息（message）'],
      [
        JSON.stringify([...rule({}), { digits: '*', pattern: '.', message: 7 }]),
        '第 2 条规则缺少提示信息（message）',
      ],
      [
        JSON.stringify(Array(20).fill(rule({ pattern: 'x'.repeat(60) })[0])),
        '规则内容过长（最多 1024 个字符）',
      ],
    ];
    const before = await ruleCount();
    for (const [ruleJson, message] of cases) {
      const res = await add({ ruleName: 'x', ruleCode: 'bad_rule', ruleJson });
      expect(res.body, String(ruleJson)).toMatchObject({ success: false, code: 500, message });
    }
    expect(await ruleCount()).toBe(before);
  });

  it('refuses invalid fields (HTTP 400) and a taken code', async () => {
    const ruleJson = JSON.stringify(GOOD_RULES);
    for (const body of [
      { ruleCode: 'a', ruleJson },
      { ruleName: 'x', ruleJson },
      { ruleName: 'x', ruleCode: 'a' },
      { ruleName: 'x', ruleCode: '1abc', ruleJson },
      { ruleName: 'x', ruleCode: "a'; drop table sys_check_rule; --", ruleJson },
      { ruleName: 'x', ruleCode: 'a'.repeat(101), ruleJson },
      { ruleName: 'x', ruleCode: 'a', ruleJson: { digits: '*' } },
      { ruleName: 'x', ruleCode: 'a', ruleJson, ruleDescription: 'x'.repeat(201) },
    ]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^参数校验失败：/);
      expectClean(res, JSON.stringify(body));
    }
    const taken = await add({ ruleName: 'x', ruleCode: 'common', ruleJson });
    expect(taken.body).toMatchObject({ success: false, message: '规则编码“common”已存在' });
  });

  it('edits a rule (checkByCode follows), refuses a taken code or a missing id', async () => {
    const ruleJson = JSON.stringify([{ digits: '*', pattern: '\\d+', message: '只能是数字' }]);
    const id = await addOk({ ruleName: '数字', ruleCode: 'digits_only', ruleJson });
    expect((await checkByCode('digits_only', 'a1')).body.message).toBe('只能是数字');
    const edited = await call(t.app, 'PUT', `${R}/edit`, {
      token: admin,
      body: {
        id,
        ruleName: '字母',
        ruleCode: 'letters_only',
        ruleJson: JSON.stringify([{ digits: '*', pattern: '[a-z]+', message: '只能是字母' }]),
      },
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await checkByCode('letters_only', 'a1')).body.message).toBe('只能是字母');
    expect((await checkByCode('digits_only', '1')).body.success).toBe(false);

    const taken = await call(t.app, 'PUT', `${R}/edit`, {
      token: admin,
      body: { id, ruleName: 'x', ruleCode: 'common', ruleJson },
    });
    expect(taken.body.message).toBe('规则编码“common”已存在');
    const missing = await call(t.app, 'PUT', `${R}/edit`, {
      token: admin,
      body: { id: 'nope', ruleName: 'x', ruleCode: 'nope', ruleJson },
    });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const badJson = await call(t.app, 'PUT', `${R}/edit`, {
      token: admin,
      body: { id, ruleName: 'x', ruleCode: 'letters_only', ruleJson: '[' },
    });
    expect(badJson.body.message).toBe('规则内容不是合法的 JSON');
  });

  it('deletes one and a batch; missing ids answer 未找到对应数据', async () => {
    const ruleJson = JSON.stringify(GOOD_RULES);
    const a = await addOk({ ruleName: 'a', ruleCode: 'del_a', ruleJson });
    const b = await addOk({ ruleName: 'b', ruleCode: 'del_b', ruleJson });
    const one = await call(t.app, 'DELETE', `${R}/delete`, { token: admin, query: { id: a } });
    expect(one.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await checkByCode('del_a', 'x')).body.message).toBe('该编码规则不存在');
    const batch = await call(t.app, 'DELETE', `${R}/deleteBatch`, {
      token: admin,
      query: { ids: `${b},` },
    });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    const again = await call(t.app, 'DELETE', `${R}/deleteBatch`, {
      token: admin,
      query: { ids: `${a},${b}` },
    });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('refuses injection in list names with a clean answer; data intact', async () => {
    const before = await ruleCount();
    for (const query of [
      { column: 'rule_code;drop table sys_check_rule' },
      { column: 'ruleJson' },
      { '1=1--': 'x' },
      { superQueryParams: JSON.stringify([{ field: 'rule_code or 1=1', rule: 'eq', val: 'x' }]) },
    ] as Record<string, string>[]) {
      const res = await call(t.app, 'GET', `${R}/list`, { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expectClean(res, JSON.stringify(query));
    }
    const bound = await call<Page<Rec>>(t.app, 'GET', `${R}/list`, {
      token: admin,
      query: { ruleCode: "x' or '1'='1" },
    });
    expect(bound.body.result.total).toBe(0);
    expect(await ruleCount()).toBe(before);
  });
});

describe('patterns that backtrack for ages elsewhere', () => {
  it('are answered at once: rules run in linear time, whatever the value', async () => {
    // With a backtracking engine, ^(a|aa)*$ and (a+)+b against 400 a's and a c would not
    // finish in this universe's lifetime; the test would time out instead of answering.
    await addOk({
      ruleName: '回溯',
      ruleCode: 'backtracking',
      ruleJson: JSON.stringify([
        { digits: '*', pattern: '(a|aa)*', message: '只能是 a' },
        { digits: '*', pattern: '(a+)+b|\\w+', message: '应为字母数字' },
      ]),
    });
    const evil = `${'a'.repeat(400)}c`;
    expect((await checkByCode('backtracking', evil)).body.message).toBe('只能是 a');
    expect((await checkByCode('backtracking', 'a'.repeat(400))).body.success).toBe(true);
  });

  it('keep the browser syntax: \\u escapes, named groups, alternations matched whole', async () => {
    await addOk({
      ruleName: '中文',
      ruleCode: 'chinese_name',
      ruleJson: JSON.stringify([
        { digits: '*', pattern: '[\\u4e00-\\u9fa5]{2,4}', message: '应为 2 到 4 个汉字' },
        { digits: 1, pattern: '(?<surname>张|张三)', message: '只收张姓' },
      ]),
    });
    expect((await checkByCode('chinese_name', '张三丰')).body.success).toBe(true);
    expect((await checkByCode('chinese_name', '李四')).body.message).toBe('只收张姓');
    expect((await checkByCode('chinese_name', 'zhang')).body.message).toBe('应为 2 到 4 个汉字');
    expect((await checkByCode('chinese_name', '张三丰丰丰')).body.message).toBe(
      '应为 2 到 4 个汉字',
    );
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
    const { payload, contentType } = multipartBody('rules.xlsx', content);
    const res = await t.app.inject({
      method: 'POST',
      url: `${R}/importExcel`,
      headers: { 'x-access-token': admin, 'content-type': contentType },
      payload,
    });
    return JSON.parse(res.body) as ApiEnvelope<ImportResult>;
  }

  it('exports the list through its filters; the export imports back under new codes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${R}/exportXls`,
      query: { ruleCode: 'common' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['规则名称', '规则编码', '规则JSON', '规则描述', '创建时间']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['common']);
    const json = String(rows[1]![2]);

    const imported = await upload([
      ['规则名称', '规则编码', '规则JSON', '规则描述'],
      ['导入通用', 'common_copy', json, '从导出导入'],
      ['重复', 'common', json, ''],
      ['坏JSON', 'bad_json', '[{', ''],
      ['坏编码', '1bad', json, ''],
    ]);
    expect(imported).toMatchObject({ code: 201, message: '文件导入成功，但有错误。' });
    expect(imported.result).toMatchObject({ totalCount: 4, successCount: 1, errorCount: 3 });
    expect((await checkByCode('common_copy', '1abc')).body.message).toBe('第一位只能是字母');
    expect((await checkByCode('common_copy', 'abc_1')).body.success).toBe(true);
  });
});
