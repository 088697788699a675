import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION, ResultCode } from '../../src/contracts/envelope';
import { MSG_REPORT_SORT, MSG_REPORT_TIMEOUT } from '../../server/modules/report/run';
import { addReport, reportByCode, type ReportInput } from '../../server/modules/report/store';
import { reportAccessOfSaved } from '../../server/modules/report/readable';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/** Online reports (cgreport): read-only check, bound parameters, timeout, access, paging. */

const API = '/system/online/cgreport/api';
let t: TestApp;
const adminAccess = () => reportAccessOfSaved(t.db, t.ctx.pages, 'admin', []);
let admin: string;
let staff: string;
let demoId: string;

interface DataPage {
  records: Record<string, unknown>[];
  total: number;
}

const base: ReportInput = {
  code: 'r_test',
  name: '测试报表',
  sql: 'select 1 as n',
  items: [{ field: 'n', title: 'N' }],
  params: [],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  await sql`delete from demo_customer`.execute(t.db);
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0');
    await sql`insert into demo_customer (id, name, phone, level) values (${`c${n}`}, ${`客户${n}`}, ${`1380000${n}00`}, '1')`.execute(
      t.db,
    );
  }
  demoId = (await reportByCode(t.db, 'demo_customer_pick'))!.id;
});
afterAll(async () => {
  await t?.close();
});

const data = (id: string, query: Record<string, string>, token = admin) =>
  call<DataPage>(t.app, 'GET', `${API}/getData/${id}?${new URLSearchParams(query).toString()}`, {
    token,
  });

const REFUSED_SQL = [
  ['UPDATE', 'update demo_customer set name = 1'],
  ['DELETE', 'delete from demo_customer'],
  ['a DELETE inside WITH', 'with d as (delete from demo_customer returning *) select * from d'],
  ['a ;-chained statement', 'select 1 as n; delete from demo_customer'],
  ['a trailing ;', 'select 1 as n;'],
  ['pg_sleep', 'select pg_sleep(5) as n'],
  ['a qualified pg_sleep', 'select pg_catalog.pg_sleep(5) as n'],
  ['SELECT … INTO', 'select 1 as n into copy_of_n'],
  ['FOR UPDATE', 'select id as n from demo_customer for update'],
  ['dblink', "select * from dblink('host=x', 'select 1') as n"],
  ['lo_import', "select lo_import('/etc/passwd') as n"],
  ['pg_read_file', "select pg_read_file('/etc/passwd') as n"],
  ['query_to_xml', "select query_to_xml('delete from demo_customer', true, true, '') as n"],
  ['a system catalogue', 'select rolpassword as n from pg_authid'],
  ['a parameter inside quotes', "select name as n from demo_customer where name = '${x}'"],
] as const;

const HEAD = '/system/online/cgreport/head';

describe('the read-only check', () => {
  it.each(REFUSED_SQL)('refuses %s at save', async (_what, text) => {
    const input = { ...base, sql: text, params: [{ name: 'x', title: 'x' }] };
    await expect(addReport(t.db, input, 'admin', await adminAccess())).rejects.toThrow(/报表/);
    const res = await call<string>(t.app, 'POST', `${HEAD}/add`, { token: admin, body: input });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^报表/);
    expect(res.text).not.toContain(text);
  });

  it.each(REFUSED_SQL)(
    'refuses %s at run, even when stored behind the check',
    async (_what, text) => {
      const id = `bad${Math.random().toString(36).slice(2, 10)}`;
      await sql`insert into onl_cgreport_head (id, code, name, cgr_sql, items)
      values (${id}, ${id}, 'x', ${text}, '[{"field":"n","title":"N"}]')`.execute(t.db);
      const count = () =>
        sql<{ c: number }>`select count(*)::int as c from demo_customer`.execute(t.db);
      const before = (await count()).rows[0]!.c;
      const res = await data(id, {});
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^报表/);
      expect(res.text).not.toContain(text);
      expect((await count()).rows[0]!.c).toBe(before);
    },
  );

  it('accepts a plain SELECT and a WITH', async () => {
    await expect(
      addReport(
        t.db,
        { ...base, code: 'r_with', sql: 'with a as (select 1 as n) select n from a' },
        'admin',
        await adminAccess(),
      ),
    ).resolves.toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the definitions (报表配置)', () => {
  const input = {
    code: 'r_crud',
    name: '客户清单',
    sql: "select name, phone from demo_customer where phone like ${prefix} || '%'",
    items: [
      { field: 'name', title: '客户名称', order: true },
      { field: 'phone', title: '手机号' },
    ],
    params: [{ name: 'prefix', title: '号段', default: '138' }],
  };

  it('adds, lists, reads, edits with the version, and deletes', async () => {
    const added = await call<string>(t.app, 'POST', `${HEAD}/add`, { token: admin, body: input });
    expect(added.body).toMatchObject({ success: true, message: '新增成功！' });
    const id = added.body.result;
    const again = await call(t.app, 'POST', `${HEAD}/add`, { token: admin, body: input });
    expect(again.body).toMatchObject({ success: false, message: '报表编码已存在' });
    const list = await call<{ records: { id: string; version: number }[] }>(
      t.app,
      'GET',
      `${HEAD}/list?code=r_crud`,
      { token: admin },
    );
    expect(list.body.result.records).toEqual([expect.objectContaining({ id, version: 1 })]);
    const run = await data(id, {});
    expect(run.body.result.total).toBe(25);
    const edited = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 1, name: '客户清单二' },
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const stale = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 1 },
    });
    expect(stale.body).toMatchObject({ success: false, message: '报表已被他人修改，请刷新后重试' });
    const read = await call<{ name: string; version: number }>(
      t.app,
      'GET',
      `${HEAD}/queryById?id=${id}`,
      { token: admin },
    );
    expect(read.body.result).toMatchObject({ name: '客户清单二', version: 2 });
    const undeclared = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 2, params: [] },
    });
    expect(undeclared.body).toMatchObject({ success: false, message: '报表参数 ${prefix} 未声明' });
    const gone = await call(t.app, 'DELETE', `${HEAD}/delete?id=${id}`, { token: admin });
    expect(gone.body).toMatchObject({ success: true });
    expect((await data(id, {})).body).toMatchObject({ success: false, message: '报表不存在' });
  });

  it('refuses the definition calls to a user without their codes (510)', async () => {
    for (const res of [
      await call(t.app, 'GET', `${HEAD}/list`, { token: staff }),
      await call(t.app, 'POST', `${HEAD}/add`, {
        token: staff,
        body: { ...input, code: 'r_staff' },
      }),
      await call(t.app, 'DELETE', `${HEAD}/delete?id=${demoId}`, { token: staff }),
    ]) {
      expect(res.body.code).toBe(ResultCode.NO_PERMISSION);
    }
    expect(await reportByCode(t.db, 'r_staff')).toBeNull();
  });
});

describe('the demo report over 客户管理', () => {
  it('answers its columns, query fields and a page', async () => {
    const columns = await call<{
      cgRpConfigId: string;
      cgRpConfigName: string;
      columns: { dataIndex: string }[];
    }>(t.app, 'GET', `${API}/getRpColumns/demo_customer_pick`, { token: admin });
    expect(columns.body.result.cgRpConfigId).toBe(demoId);
    expect(columns.body.result.cgRpConfigName).toBe('客户选择');
    expect(columns.body.result.columns.map((c) => c.dataIndex)).toEqual(['name', 'phone']);
    const info = await call<{ field: string; mode: string }[]>(
      t.app,
      'GET',
      `${API}/getQueryInfo/${demoId}`,
      { token: admin },
    );
    expect(info.body.result.map((f) => f.field)).toEqual(['name', 'phone']);
    const page = await data(demoId, { pageNo: '2', pageSize: '10', column: 'name', order: 'asc' });
    expect(page.body.result.total).toBe(25);
    expect(page.body.result.records.map((r) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `客户${String(i + 11)}`),
    );
  });

  it('sorts only on declared columns', async () => {
    const desc = await data(demoId, { column: 'phone', order: 'desc', pageSize: '1' });
    expect(desc.body.result.records[0]!.phone).toBe('13800002500');
    for (const column of ['id; drop table demo_customer', 'nope', '1', 'name desc, (select 1)']) {
      const res = await data(demoId, { column });
      expect(res.body.success, column).toBe(false);
      expect(res.body.message).toBe(MSG_REPORT_SORT);
    }
  });

  it('caps the page size', async () => {
    const res = await data(demoId, { pageSize: '100000' });
    expect(res.body.result.records).toHaveLength(25);
    expect(res.body).toMatchObject({ success: true });
  });

  const PAYLOADS = [
    "' or '1'='1",
    "'; delete from demo_customer; --",
    "%' or 1=1 --",
    '$1',
    '${keyword}',
    "客户01' union select id, name, phone from demo_customer --",
    '\\',
  ];

  it.each(PAYLOADS)('binds %s through a self_ parameter and a query field', async (payload) => {
    const viaParam = await data(demoId, { self_keyword: payload });
    expect(viaParam.body.success).toBe(true);
    expect(viaParam.body.result.total).toBe(0);
    const viaField = await data(demoId, { name: payload });
    expect(viaField.body.success).toBe(true);
    expect(viaField.body.result.total).toBe(0);
    const count = await sql<{ c: number }>`select count(*)::int as c from demo_customer`.execute(
      t.db,
    );
    expect(count.rows[0]!.c).toBe(25);
  });

  it('filters with the parameter and query fields as values', async () => {
    expect((await data(demoId, { self_keyword: '客户0' })).body.result.total).toBe(9);
    expect((await data(demoId, { name: '客户1' })).body.result.total).toBe(10);
    expect((await data(demoId, { name: '%' })).body.result.total).toBe(0);
  });

  it('refuses a user without the report code (510)', async () => {
    for (const res of [
      await call(t.app, 'GET', `${API}/getRpColumns/demo_customer_pick`, { token: staff }),
      await call(t.app, 'GET', `${API}/getQueryInfo/${demoId}`, { token: staff }),
      await data(demoId, {}, staff),
    ]) {
      expect(res.body.code).toBe(ResultCode.NO_PERMISSION);
      expect(res.body.message).toBe(MSG_NO_PERMISSION);
    }
  });
});

describe('a heavy statement', () => {
  it('is stopped with a clear message', async () => {
    const id = await addReport(
      t.db,
      {
        ...base,
        code: 'r_heavy',
        sql: 'select count(*) as n from generate_series(1, 100000) a cross join generate_series(1, 100000) b',
      },
      'admin',
      await adminAccess(),
    );
    const { runReport } = await import('../../server/modules/report/run');
    const report = (await reportByCode(t.db, 'r_heavy'))!;
    expect(report.id).toBe(id);
    await expect(runReport(t.db, report, {}, await adminAccess())).rejects.toThrow(
      MSG_REPORT_TIMEOUT,
    );
  });
});
