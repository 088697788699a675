import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION, ResultCode } from '../../src/contracts/envelope';
import { msgReportExportTooMany } from '../../server/modules/report/export';
import { addReport, reportByCode } from '../../server/modules/report/store';
import { reportAccessOfSaved } from '../../server/modules/report/readable';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * 报表配置's designer calls (解析SQL, preview of an unsaved draft), the version check of edit,
 * and a report's rows as .xlsx (exportXls).
 */

const HEAD = '/system/online/cgreport/head';
const API = '/system/online/cgreport/api';
let t: TestApp;
const adminAccess = () => reportAccessOfSaved(t.db, t.ctx.pages, 'admin', []);
let admin: string;
let staff: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  await sql`delete from demo_customer`.execute(t.db);
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    const level = String((i % 3) + 1);
    await sql`insert into demo_customer (id, name, phone, level)
      values (${`c${n}`}, ${`客户${n}`}, ${`1380000${n}00`}, ${level})`.execute(t.db);
  }
  demoId = (await reportByCode(t.db, 'demo_customer_pick'))!.id;
});
afterAll(async () => {
  await t?.close();
});

const parse = (body: unknown, token = admin) =>
  call<string[]>(t.app, 'POST', `${HEAD}/parseSql`, { token, body });

interface Page {
  records: Record<string, unknown>[];
  total: number;
}
const preview = (body: unknown, token = admin) =>
  call<Page>(t.app, 'POST', `${HEAD}/preview`, { token, body });

const REFUSED = [
  ['UPDATE', 'update demo_customer set name = 1', '报表SQL只能是一条 SELECT 或 WITH 查询语句'],
  ['a ;', 'select 1 as n; delete from demo_customer', '报表SQL只能是一条语句，不能包含分号'],
  ['pg_sleep', 'select pg_sleep(5) as n', '报表SQL不能调用函数 pg_sleep'],
  ['SELECT … INTO', 'select 1 as n into copy_of_n', '报表SQL不能使用 SELECT … INTO'],
] as const;

describe('解析SQL (parseSql)', () => {
  it('answers the result columns in order, aliases included, even when no row matches', async () => {
    const res = await parse({
      sql: "select id, name as customer_name, level, phone from demo_customer where name = 'nobody'",
    });
    expect(res.body).toMatchObject({ success: true });
    expect(res.body.result).toEqual(['id', 'customer_name', 'level', 'phone']);
    const star = await parse({ sql: 'select * from demo_customer where false' });
    expect(star.body.result).toEqual(expect.arrayContaining(['id', 'name', 'phone', 'level']));
  });

  it('binds parameters (their default, else an empty text) instead of pasting them', async () => {
    const res = await parse({
      sql: 'select name from demo_customer where name = ${keyword}',
      params: [{ name: 'keyword', title: '关键字', default: "' or 1=1 --" }],
    });
    expect(res.body).toMatchObject({ success: true, result: ['name'] });
  });

  it.each(REFUSED)('refuses %s with the reason, never the SQL', async (_what, text, reason) => {
    const res = await parse({ sql: text });
    expect(res.body).toMatchObject({ success: false, message: reason });
    expect(res.text).not.toContain(text);
    const count = await sql<{ c: number }>`select count(*)::int as c from demo_customer`.execute(
      t.db,
    );
    expect(count.rows[0]!.c).toBe(12);
  });

  it('is refused to a user without 报表配置 add or edit (510)', async () => {
    const res = await parse({ sql: 'select 1 as n' }, staff);
    expect(res.body.code).toBe(ResultCode.NO_PERMISSION);
  });
});

describe('预览 (preview) of a draft', () => {
  const definition = {
    sql: "select name, phone, level from demo_customer where name like '%' || ${keyword} || '%'",
    items: [
      { field: 'name', title: '客户名称', search: 'single', order: true },
      { field: 'phone', title: '手机号' },
    ],
    params: [{ name: 'keyword', title: '关键字', default: '' }],
  };

  it('runs the draft without saving it: a page, its total, query fields and parameters', async () => {
    const res = await preview({
      definition,
      query: { column: 'name', order: 'desc' },
      pageNo: 2,
      pageSize: 5,
    });
    expect(res.body).toMatchObject({ success: true });
    expect(res.body.result.total).toBe(12);
    expect(res.body.result.records.map((r) => r.name)).toEqual([
      '客户07',
      '客户06',
      '客户05',
      '客户04',
      '客户03',
    ]);
    const bound = await preview({ definition, query: { self_keyword: '客户1' } });
    expect(bound.body.result.total).toBe(3);
    const injected = await preview({ definition, query: { self_keyword: "' or '1'='1" } });
    expect(injected.body.result.total).toBe(0);
    const field = await preview({ definition, query: { name: '客户0' } });
    expect(field.body.result.total).toBe(9);
    const saved = await sql<{ c: number }>`
      select count(*)::int as c from onl_cgreport_head where cgr_sql = ${definition.sql}`.execute(
      t.db,
    );
    expect(saved.rows[0]!.c).toBe(0);
  });

  it.each(REFUSED)('refuses %s with the reason', async (_what, text, reason) => {
    const res = await preview({ definition: { sql: text } });
    expect(res.body).toMatchObject({ success: false, message: reason });
    expect(res.text).not.toContain(text);
  });

  it('refuses an undeclared parameter as a save would', async () => {
    const res = await preview({ definition: { ...definition, params: [] } });
    expect(res.body).toMatchObject({ success: false, message: '报表参数 ${keyword} 未声明' });
  });

  it('is refused to a user without 报表配置 add or edit (510)', async () => {
    const res = await preview({ definition }, staff);
    expect(res.body.code).toBe(ResultCode.NO_PERMISSION);
  });
});

describe('edit refuses a stale version', () => {
  it('needs the version loaded and refuses an older one', async () => {
    const input = {
      code: 'r_stale',
      name: '过期测试',
      sql: 'select name from demo_customer',
      items: [{ field: 'name', title: '名称' }],
      params: [],
    };
    const id = await addReport(t.db, input, 'admin', await adminAccess());
    const first = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 1, name: '第一次' },
    });
    expect(first.body).toMatchObject({ success: true });
    const second = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 1, name: '第二次' },
    });
    expect(second.body).toMatchObject({
      success: false,
      message: '报表已被他人修改，请刷新后重试',
    });
    const without = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, name: '没有版本' },
    });
    expect(without.body.success).toBe(false);
    expect((await reportByCode(t.db, 'r_stale'))!.name).toBe('第一次');
  });
});

type Row = unknown[];
async function download(id: string, query: Record<string, string>, token = admin) {
  return t.app.inject({
    method: 'GET',
    url: `${API}/exportXls/${id}`,
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

describe('exportXls', () => {
  let levelId: string;
  beforeAll(async () => {
    levelId = await addReport(
      t.db,
      {
        code: 'r_levels',
        name: '客户等级表',
        sql: 'select id, name, level from demo_customer',
        items: [
          { field: 'id', title: '编号', show: false },
          { field: 'name', title: '客户名称', search: 'single', order: true },
          { field: 'level', title: '等级', dictCode: 'customer_level', search: 'single' },
        ],
        params: [],
      },
      'admin',
      await adminAccess(),
    );
  });

  it('streams the filtered, sorted rows: shown columns, titles, dictionary texts', async () => {
    const res = await download(levelId, { name: '客户0', column: 'name', order: 'asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('客户等级表')}.xlsx`,
    );
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['客户名称', '等级']);
    expect(rows).toHaveLength(10);
    expect(rows[1]).toEqual(['客户01', '重要']);
    expect(rows[3]).toEqual(['客户03', '普通']);
    expect(rows.slice(1).map((r) => r[1])).not.toContain('1');
    const vip = await sheetRows((await download(levelId, { level: '3' })).rawPayload);
    expect(vip.slice(1).every((r) => r[1] === 'VIP')).toBe(true);
    expect(vip).toHaveLength(5);
  });

  it('takes the report parameters (self_) as getData does', async () => {
    const res = await download(demoId, { self_keyword: '客户1' });
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['客户名称', '手机号']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['客户10', '客户11', '客户12']);
  });

  it('is refused to a caller without the report code (510)', async () => {
    const res = await download(demoId, {}, staff);
    const body = JSON.parse(res.body) as { code: number; message: string };
    expect(body.code).toBe(ResultCode.NO_PERMISSION);
    expect(body.message).toBe(MSG_NO_PERMISSION);
  });

  it('refuses more rows than the cap with a clear message, before sending a file', async () => {
    const id = await addReport(
      t.db,
      {
        code: 'r_huge',
        name: '大报表',
        sql: 'select g as n from generate_series(1, 100001) as g',
        items: [{ field: 'n', title: 'N' }],
        params: [],
      },
      'admin',
      await adminAccess(),
    );
    const res = await download(id, {});
    const body = JSON.parse(res.body) as { success: boolean; message: string };
    expect(body).toMatchObject({ success: false, message: msgReportExportTooMany(100_001) });
  });
});

describe('加入菜单 (addToMenu)', () => {
  it('adds an entry opening the report under the parent chosen, its code granted to admin', async () => {
    const parent = await sql<{ id: string }>`
      select id from sys_permission where url = '/lowcode' and parent_id is null`.execute(t.db);
    const res = await call<{ menuId: string }>(t.app, 'POST', `${HEAD}/addToMenu`, {
      token: admin,
      body: { id: demoId, parentId: parent.rows[0]!.id, name: '客户报表' },
    });
    expect(res.body).toMatchObject({ success: true, message: '已加入菜单' });
    const entry = await sql<{
      name: string;
      component: string;
      perms: string;
      parent: string;
      admin: boolean;
    }>`
      select p.name, p.component, p.perms, parent.url as parent,
        exists (select 1 from sys_role_permission rp join sys_role r on r.id = rp.role_id
          where rp.permission_id = p.id and r.role_code = 'admin') as admin
      from sys_permission p join sys_permission parent on parent.id = p.parent_id
      where p.url = ${`/online/cgreport/${demoId}`}`.execute(t.db);
    expect(entry.rows).toEqual([
      {
        name: '客户报表',
        component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
        perms: 'report:demo_customer_pick:list',
        parent: '/lowcode',
        admin: true,
      },
    ]);
    const again = await call(t.app, 'POST', `${HEAD}/addToMenu`, {
      token: admin,
      body: { id: demoId },
    });
    expect(again.body).toMatchObject({
      success: false,
      message: `菜单「客户报表」已链接到 /online/cgreport/${demoId}，不能重复加入`,
    });
  });

  it('is refused to a user without lowcode:report:menu (510)', async () => {
    const res = await call(t.app, 'POST', `${HEAD}/addToMenu`, {
      token: staff,
      body: { id: demoId },
    });
    expect(res.body.code).toBe(ResultCode.NO_PERMISSION);
  });
});
