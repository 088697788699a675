import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKindOf } from '../../server/db/index';
import {
  MSG_REPORT_FAILED,
  MSG_REPORT_TIMEOUT,
  readOnlyRun,
} from '../../server/modules/report/run';
import {
  msgReportSqlFunction,
  msgReportSqlSchema,
  msgReportSqlSize,
  msgReportSqlSubquery,
  msgReportSqlTable,
} from '../../server/modules/report/sql-check';
import { createRoleWithCodes, createRoleWithMenuRule } from '../support/online-tables';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * What report SQL may read (docs/reports.md): only tables its author may list, never
 * credentials or sessions, only allowed functions; the database role on a PostgreSQL server.
 * Tried as an attacker would: aliases, sub-queries, CTEs that shadow, `select *`, whole rows,
 * functions that run text as a query.
 */

const PREVIEW = '/system/online/cgreport/head/preview';
const HEAD = '/system/online/cgreport/head';
const API = '/system/online/cgreport/api';

let t: TestApp;
let admin: string;

interface Page {
  records: Record<string, unknown>[];
  total: number;
}

const preview = (token: string, text: string) =>
  call<Page>(t.app, 'POST', PREVIEW, {
    token,
    body: { definition: { sql: text }, pageSize: 100 },
  });

/** Every string of an answer, at any depth. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

describe('credentials and sessions are never readable', () => {
  it('answers users without their password hash, however the SQL asks', async () => {
    const { rows } = await sql<{ password: string }>`
      select password from sys_user where username = 'admin'`.execute(t.db);
    const hash = rows[0]!.password;
    for (const text of [
      'select * from sys_user',
      'select u.* from sys_user u',
      'select row_to_json(u) as r from sys_user u',
      'select to_jsonb(x) as r from (select * from sys_user) x',
      'with a as (select * from sys_user) select * from a',
    ]) {
      const res = await preview(admin, text);
      expect(res.body.success, text).toBe(true);
      expect(res.body.result.total, text).toBeGreaterThan(0);
      const seen = strings(res.body.result.records);
      expect(
        seen.some((value) => value.includes(hash)),
        text,
      ).toBe(false);
      expect(JSON.stringify(res.body), text).not.toContain('password"');
    }
    for (const text of [
      'select u.username, u.password from sys_user u',
      'select password from sys_user',
    ]) {
      const res = await preview(admin, text);
      expect(res.body.success, text).toBe(false);
      expect(res.body.message).toBe(MSG_REPORT_FAILED);
    }
  });

  it('refuses the session, login-failure, log, file and settings tables', async () => {
    for (const table of ['sys_session', 'sys_login_failure', 'sys_log', 'sys_file', 'sys_config']) {
      for (const text of [
        `select * from ${table}`,
        `select count(*) as n from (select * from ${table}) s`,
        `select 1 as x where exists (select 1 from ${table})`,
        `with a as (select 1 as x) select * from a, ${table}`,
      ]) {
        const res = await preview(admin, text);
        expect(res.body, text).toMatchObject({ success: false, message: msgReportSqlTable(table) });
      }
    }
  });

  it('keeps WITH scopes: a CTE named like a table reads the table before it is defined', async () => {
    const shadow = await preview(
      admin,
      'with sys_session as (select 1 as a) select * from sys_session',
    );
    expect(shadow.body.success).toBe(true);
    for (const text of [
      'with sys_session as (select * from sys_session) select * from sys_session',
      'select * from sys_session, (with sys_session as (select 1 as a) select * from sys_session) s',
    ]) {
      const res = await preview(admin, text);
      expect(res.body, text).toMatchObject({
        success: false,
        message: msgReportSqlTable('sys_session'),
      });
    }
  });

  it('refuses a table named with its schema (the view of sys_user would be bypassed)', async () => {
    const res = await preview(admin, 'select password from public.sys_user');
    expect(res.body).toMatchObject({
      success: false,
      message: msgReportSqlSchema('public.sys_user'),
    });
  });
});

describe('functions: an allow-list', () => {
  it.each([
    ["select * from ts_stat('select to_tsvector(password) from sys_user') s", 'ts_stat'],
    [
      "select ts_rewrite('a'::tsquery, 'select to_tsquery(password), to_tsquery(''x'') from sys_user') as r",
      'ts_rewrite',
    ],
    ['select * from pg_show_all_settings() s', 'pg_show_all_settings'],
    ["select current_setting('data_directory') as d", 'current_setting'],
    ["select query_to_xml('select 1', true, true, '') as x", 'query_to_xml'],
    ["select pg_read_file('/etc/passwd') as f", 'pg_read_file'],
    ["select * from pg_ls_dir('.') f", 'pg_ls_dir'],
    ['select pg_sleep(1) as s', 'pg_sleep'],
    ["select format('%1000000000s', 'x') as f", 'format'],
  ])('refuses %s', async (text, name) => {
    const res = await preview(admin, text);
    expect(res.body).toMatchObject({ success: false, message: msgReportSqlFunction(name) });
  });

  it('refuses CURRENT_USER and casts to catalogue types', async () => {
    expect((await preview(admin, 'select current_user as u')).body.success).toBe(false);
    expect((await preview(admin, "select 'sys_user'::regclass as r")).body.success).toBe(false);
  });

  it('runs what reports need: aggregates, windows, string, date and math', async () => {
    const res = await preview(
      admin,
      `select count(*) as n, max(username) as top, string_agg(lower(username), ',') as names,
        round(avg(sex)::numeric, 2) as sex, to_char(now(), 'YYYY') as y,
        date_trunc('month', current_date)::date as m, lpad('7', 3, '0') as code,
        coalesce(nullif('', ''), 'x') as c
      from sys_user`,
    );
    expect(res.body.success).toBe(true);
    expect(res.body.result.records[0]).toMatchObject({ code: '007', c: 'x' });
  });

  it('bounds the functions whose result grows with an argument', async () => {
    const big = await preview(admin, "select repeat('x', 400000000) as r");
    expect(big.body).toMatchObject({ success: false, message: msgReportSqlSize('repeat') });
    const nested = await preview(admin, "select repeat(repeat('x', 10000), 10000) as r");
    expect(nested.body).toMatchObject({ success: false, message: msgReportSqlSize('repeat') });
    const text = await preview(admin, "select lpad('x', '400000000') as r");
    expect(text.body).toMatchObject({ success: false, message: msgReportSqlSize('lpad') });
    expect((await preview(admin, "select repeat('ab', 3) as r")).body.result.records).toEqual([
      { r: 'ababab' },
    ]);
  });

  it('refuses a series bound hidden in a sub-query, and a series too long to run', async () => {
    const hidden = await preview(
      admin,
      'select count(*) as n from generate_series(1, (select 3000000)) g',
    );
    expect(hidden.body).toMatchObject({
      success: false,
      message: msgReportSqlSubquery('generate_series'),
    });
    const started = Date.now();
    const long = await preview(admin, 'select count(*) as n from generate_series(1, 200000000) g');
    expect(long.body).toMatchObject({ success: false, message: MSG_REPORT_TIMEOUT });
    // Refused by the plan (rows), not by running into the time bound.
    expect(Date.now() - started).toBeLessThan(5000);
    const short = await preview(admin, 'select count(*) as n from generate_series(1, 1000) g');
    expect(short.body.result.records).toEqual([{ n: 1000 }]);
  });
});

describe('a report reads only what its author may list', () => {
  let designer: string;
  let ruled: string;

  beforeAll(async () => {
    await createRoleWithCodes(t.db, 'rg_designer', [
      'lowcode:report:list',
      'lowcode:report:add',
      'lowcode:report:edit',
      'position:list',
    ]);
    designer = await signedInUser(t, 'rg_designer', 'Designer#2026', ['rg_designer']);
    // The same designer codes, but 职务管理 only under a data rule.
    const menu = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', 'position:list')
      .where('menuType', '<>', 2)
      .executeTakeFirstOrThrow();
    await createRoleWithMenuRule(t.db, { code: 'rg_positions', name: '部分职务' }, menu.id, {
      name: '只看 P 开头',
      column: 'code',
      condition: 'RIGHT_LIKE',
      value: 'P',
    });
    await createRoleWithCodes(t.db, 'rg_designer_only', [
      'lowcode:report:list',
      'lowcode:report:add',
    ]);
    ruled = await signedInUser(t, 'rg_ruled', 'Ruled#2026', ['rg_positions', 'rg_designer_only']);
  });

  it('refuses system tables whose screens the author may not list', async () => {
    for (const table of ['sys_user', 'sys_role', 'sys_dict', 'demo_customer']) {
      const res = await preview(designer, `select * from ${table}`);
      expect(res.body, table).toMatchObject({ success: false, message: msgReportSqlTable(table) });
    }
    const positions = await preview(designer, 'select code, name from sys_position');
    expect(positions.body.success).toBe(true);
  });

  it('refuses a table the author may list only under a data rule', async () => {
    const res = await preview(ruled, 'select code, name from sys_position');
    expect(res.body).toMatchObject({ success: false, message: msgReportSqlTable('sys_position') });
  });

  it('refuses to save what it refuses to preview', async () => {
    const res = await call(t.app, 'POST', `${HEAD}/add`, {
      token: designer,
      body: {
        code: 'rg_users',
        name: '用户',
        sql: 'select username from sys_user',
        items: [{ field: 'username', title: '账号' }],
        params: [],
      },
    });
    expect(res.body).toMatchObject({ success: false, message: msgReportSqlTable('sys_user') });
  });

  it('holds a saved report to its saver’s access at every run', async () => {
    const saved = await call<string>(t.app, 'POST', `${HEAD}/add`, {
      token: designer,
      body: {
        code: 'rg_positions',
        name: '职务表',
        sql: 'select code, name from sys_position',
        items: [{ field: 'code', title: '编码' }],
        params: [],
      },
    });
    expect(saved.body.success).toBe(true);
    const id = saved.body.result;
    const before = await call<Page>(t.app, 'GET', `${API}/getData/${id}`, { token: admin });
    expect(before.body.success).toBe(true);
    expect(before.body.result.total).toBeGreaterThan(0);

    // The saver loses 职务管理: the report stops reading it, for everyone.
    await sql`
      delete from sys_role_permission where role_id = (
        select id from sys_role where role_code = 'rg_designer')
      and permission_id in (select id from sys_permission where perms = 'position:list')`.execute(
      t.db,
    );
    const after = await call<Page>(t.app, 'GET', `${API}/getData/${id}`, { token: admin });
    expect(after.body).toMatchObject({
      success: false,
      message: msgReportSqlTable('sys_position'),
    });
    const exported = await call(t.app, 'GET', `${API}/exportXls/${id}`, { token: admin });
    expect(exported.body).toMatchObject({
      success: false,
      message: msgReportSqlTable('sys_position'),
    });
  });
});

describe('REPORT_TABLES', () => {
  it('lets every author read the tables it names, never the credential ones', async () => {
    const app = await createTestApp({ env: { REPORT_TABLES: 'sys_position,sys_session' } });
    try {
      await createRoleWithCodes(app.db, 'rt_designer', ['lowcode:report:add']);
      const token = await signedInUser(app, 'rt_designer', 'Designer#2026', ['rt_designer']);
      const run = (text: string) =>
        call<Page>(app.app, 'POST', PREVIEW, { token, body: { definition: { sql: text } } });
      expect((await run('select code from sys_position')).body.success).toBe(true);
      expect((await run('select * from sys_session')).body).toMatchObject({
        success: false,
        message: msgReportSqlTable('sys_session'),
      });
    } finally {
      await app.close();
    }
  });
});

describe('the database role (PostgreSQL server)', () => {
  it('refuses the base tables of secrets to report SQL, whatever the check let through', async (context) => {
    if (databaseKindOf(t.db) !== 'postgres') context.skip();
    // Straight to the runner, past the SQL check: the database itself must refuse.
    const read = (text: string) =>
      readOnlyRun(t.db, async (trx) => (await sql.raw(text).execute(trx)).rows);
    await expect(read('select password from public.sys_user')).rejects.toThrow(MSG_REPORT_FAILED);
    await expect(read('select token_hash from public.sys_session')).rejects.toThrow(
      MSG_REPORT_FAILED,
    );
    await expect(read('select username from sys_user limit 1')).resolves.toHaveLength(1);
    await expect(read('select code from sys_position limit 1')).resolves.toHaveLength(1);
  });
});
