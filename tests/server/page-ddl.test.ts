import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageProblem } from '../../src/contracts/page';
import type { StoredPageResult } from '../../src/contracts/page-api';
import {
  PAGE_API,
  columnsOf,
  countRows,
  indexesOf,
  samplePage,
  tableExists,
  type DraftPage,
} from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const add = (definition: unknown) =>
  call<StoredPageResult>(t.app, 'POST', PAGE_API.add, { token: admin, body: { definition } });
const edit = (definition: unknown, baseVersion: number, confirmDropColumns?: string[]) =>
  call<StoredPageResult>(t.app, 'PUT', PAGE_API.edit, {
    token: admin,
    body: { definition, baseVersion, ...(confirmDropColumns ? { confirmDropColumns } : {}) },
  });
const versionOf = async (code: string) =>
  (
    await t.db
      .selectFrom('sys_page')
      .select('version')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).version;

async function insertRow(table: string, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values).map((n) => sql.id(n));
  await sql`insert into ${sql.table(table)} (${sql.join(names)}) values (${sql.join(Object.values(values))})`.execute(
    t.db,
  );
}

describe('creating a table', () => {
  it('has the standard columns, the declared ones, comments and indexes', async () => {
    expect((await add(samplePage('ddl_create'))).body.success).toBe(true);
    expect(await columnsOf(t.db, 'ddl_create')).toEqual({
      id: { type: 'character varying(32)', nullable: false },
      create_by: { type: 'character varying(100)', nullable: true },
      create_time: { type: 'timestamp with time zone', nullable: true },
      update_by: { type: 'character varying(100)', nullable: true },
      update_time: { type: 'timestamp with time zone', nullable: true },
      title: { type: 'character varying(50)', nullable: false },
      amount: { type: 'numeric(10,2)', nullable: true },
      visits: { type: 'integer', nullable: true },
    });
    expect(Object.keys(await indexesOf(t.db, 'ddl_create'))).toEqual([
      'ddl_create_pkey',
      'idx_ddl_create_title',
    ]);
    const { rows } = await sql<{ comment: string }>`
      select col_description(to_regclass('ddl_create'), 6) as comment`.execute(t.db);
    expect(rows[0]?.comment).toBe('标题');
  });

  it('gives a tree list pid and has_child', async () => {
    const page = samplePage('ddl_tree');
    page.kind = 'tree-list';
    expect((await add(page)).body.success).toBe(true);
    const columns = await columnsOf(t.db, 'ddl_tree');
    expect(columns.pid).toEqual({ type: 'character varying(32)', nullable: true });
    expect(columns.has_child).toEqual({ type: 'character varying(1)', nullable: true });
  });
});

describe('changing a table', () => {
  let page: DraftPage;
  beforeAll(async () => {
    page = samplePage('ddl_alter');
    await add(page);
    await insertRow('ddl_alter', { id: 'r1', title: '第一行', amount: 12.5, visits: 3 });
  });

  it('adds a column, widens a string, grows a number and keeps the data', async () => {
    page.table!.columns.push({ name: 'note', type: 'text', comment: '备注' });
    page.fields.push({ name: 'note', label: '备注', type: 'textarea' });
    page.table!.columns[0]!.length = 120;
    page.table!.columns[2] = { name: 'visits', type: 'bigint' };
    const res = await edit(page, await versionOf('ddl_alter'));
    expect(res.body).toMatchObject({ success: true, result: { version: 2 } });
    const columns = await columnsOf(t.db, 'ddl_alter');
    expect(columns.note).toEqual({ type: 'text', nullable: true });
    expect(columns.title?.type).toBe('character varying(120)');
    expect(columns.visits?.type).toBe('bigint');
    const row = await sql<{ title: string; visits: number }>`
      select title, visits::int as visits from ddl_alter where id = 'r1'`.execute(t.db);
    expect(row.rows[0]).toEqual({ title: '第一行', visits: 3 });
  });

  it('refuses narrowing and unsafe type changes, naming the column', async () => {
    const narrowed = structuredClone(page);
    narrowed.table!.columns[0]!.length = 20;
    narrowed.table!.columns[1] = { name: 'amount', type: 'boolean' };
    const version = await versionOf('ddl_alter');
    const res = await edit(narrowed, version);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(
      '无法修改表结构：/table/columns/0/type 列 title 的长度不能从 120 缩短为 20（已有数据可能被截断）（共 2 处问题）',
    );
    expect((res.body.result as unknown as { problems: PageProblem[] }).problems[1]).toEqual({
      path: '/table/columns/1/type',
      message:
        '列 amount 的类型不能从 numeric(10,2) 改为 boolean（PostgreSQL 无法安全转换已有数据）',
    });
    expect(await versionOf('ddl_alter')).toBe(version);
    expect((await columnsOf(t.db, 'ddl_alter')).title?.type).toBe('character varying(120)');
  });

  it('refuses to drop a column until the author confirms it', async () => {
    const fewer = structuredClone(page);
    fewer.table!.columns = fewer.table!.columns.filter((c) => c.name !== 'amount');
    fewer.fields = fewer.fields.filter((f) => f.name !== 'amount');
    const version = await versionOf('ddl_alter');
    const refused = await edit(fewer, version);
    expect(refused.body).toMatchObject({
      success: false,
      message: '以下列将被删除：amount。确认删除后再保存',
      result: { dropColumns: ['amount'] },
    });
    expect((await columnsOf(t.db, 'ddl_alter')).amount).toBeDefined();
    const wrong = await edit(fewer, version, ['visits']);
    expect(wrong.body.message).toBe('以下列将被删除：amount。确认删除后再保存');

    const accepted = await edit(fewer, version, ['amount']);
    expect(accepted.body.success).toBe(true);
    expect((await columnsOf(t.db, 'ddl_alter')).amount).toBeUndefined();
    expect(await countRows(t.db, 'ddl_alter')).toBe(1);
    page = fewer;
  });

  it('creates, changes and drops indexes', async () => {
    const next = structuredClone(page);
    next.table!.indexes = [
      { name: 'idx_ddl_alter_title', columns: ['title'], unique: true },
      { name: 'idx_ddl_alter_visits', columns: ['visits', 'title'] },
    ];
    expect((await edit(next, await versionOf('ddl_alter'))).body.success).toBe(true);
    let indexes = await indexesOf(t.db, 'ddl_alter');
    expect(indexes.idx_ddl_alter_title).toMatch(/^CREATE UNIQUE INDEX/);
    expect(indexes.idx_ddl_alter_visits).toContain('(visits, title)');

    next.table!.indexes = [];
    expect((await edit(next, await versionOf('ddl_alter'))).body.success).toBe(true);
    indexes = await indexesOf(t.db, 'ddl_alter');
    expect(Object.keys(indexes)).toEqual(['ddl_alter_pkey']);
    page = next;
  });

  it('refuses to rename the table or remove it from the page', async () => {
    const renamed = structuredClone(page);
    renamed.table!.name = 'ddl_alter_new';
    const version = await versionOf('ddl_alter');
    const res = await edit(renamed, version);
    expect(res.body.message).toBe(
      '无法修改表结构：/table/name 不能修改表名（原表名 ddl_alter，新表名 ddl_alter_new）',
    );
    expect(await tableExists(t.db, 'ddl_alter_new')).toBe(false);

    const tableless = structuredClone(page);
    delete tableless.table;
    tableless.api = { list: '/sys/user/list' };
    const removed = await edit(tableless, version);
    expect(removed.body.message).toMatch(/^无法修改表结构：\/table 不能移除页面的表 ddl_alter/);
  });
});

describe('names that must not reach SQL', () => {
  it.each([
    ['sys_user', '/table/name 表名不能以 sys_、pg_、kysely_ 开头（系统保留）'],
    ['pg_temp_x', '/table/name 表名不能以 sys_、pg_、kysely_ 开头（系统保留）'],
    ['kysely_migration', '/table/name 表名不能以 sys_、pg_、kysely_ 开头（系统保留）'],
    ['x; drop table y', '/table/name'],
    ['"a"', '/table/name'],
  ])('refuses table %j', async (name, expected) => {
    const page = samplePage('ddl_hostile', name);
    const res = await add(page);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(expected);
    expect(res.text).not.toMatch(/\bat \w|stack|syntax error/i);
  });

  it('refuses hostile column and index names, and a table of the system', async () => {
    const page = samplePage('ddl_hostile2');
    page.table!.columns[0]!.name = 'title"; drop table sys_role; --';
    let res = await add(page);
    expect(res.body.message).toMatch(/^页面定义不合法：\/table\/columns\/0\/name /);
    const index = samplePage('ddl_hostile2');
    index.table!.indexes = [{ name: 'i); drop table sys_role; --', columns: ['title'] }];
    res = await add(index);
    expect(res.body.message).toMatch(/^页面定义不合法：\/table\/indexes\/0\/name /);

    await sql`create table legacy_orders (id integer primary key)`.execute(t.db);
    res = await add(samplePage('ddl_legacy', 'legacy_orders'));
    expect(res.body.message).toBe(
      '无法修改表结构：/table/name 数据库中已有名为 legacy_orders 的表，且不是在线表，请换一个表名',
    );
    expect(await countRows(t.db, 'sys_role')).toBeGreaterThan(0);
    expect(await columnsOf(t.db, 'legacy_orders')).toEqual({
      id: { type: 'integer', nullable: false },
    });
  });
});

describe('atomicity', () => {
  it('a statement failing midway leaves the table and the page as they were', async () => {
    const page = samplePage('ddl_atomic');
    await add(page);
    await insertRow('ddl_atomic', { id: 'a1', title: '有空值的行' });
    const next = structuredClone(page);
    next.table!.columns.unshift({ name: 'added_first', type: 'string', length: 10 });
    next.fields.push({ name: 'addedFirst', label: '新列', type: 'input' });
    next.table!.columns[2]!.nullable = false; // amount is null in a1: fails after the add
    const res = await edit(next, 1);
    expect(res.body).toMatchObject({
      success: false,
      message:
        '将表 ddl_atomic 列 amount 设为必填 时失败：表中已有该列为空的数据。本次保存的所有修改均已撤销',
    });
    expect(res.text).not.toMatch(/alter table|not-null|violat/i);
    expect((await columnsOf(t.db, 'ddl_atomic')).added_first).toBeUndefined();
    expect(await versionOf('ddl_atomic')).toBe(1);
    const stored = await call<StoredPageResult>(t.app, 'GET', PAGE_API.queryByCode, {
      token: admin,
      query: { code: 'ddl_atomic' },
    });
    expect(stored.body.result.definition.table?.columns).toHaveLength(3);
  });

  it('a unique index over duplicate rows is refused and nothing changes', async () => {
    const page = samplePage('ddl_unique');
    await add(page);
    await insertRow('ddl_unique', { id: 'u1', title: '同名' });
    await insertRow('ddl_unique', { id: 'u2', title: '同名' });
    const next = structuredClone(page);
    next.table!.columns.push({ name: 'code', type: 'string', length: 20 });
    next.fields.push({ name: 'code', label: '编码', type: 'input' });
    next.table!.indexes = [{ name: 'uniq_ddl_unique_title', columns: ['title'], unique: true }];
    const res = await edit(next, 1);
    expect(res.body.message).toBe(
      '为表 ddl_unique 创建唯一索引 uniq_ddl_unique_title 时失败：表中已有重复的数据。本次保存的所有修改均已撤销',
    );
    expect(await indexesOf(t.db, 'ddl_unique')).toHaveProperty('idx_ddl_unique_title');
    expect((await columnsOf(t.db, 'ddl_unique')).code).toBeUndefined();
    expect(await versionOf('ddl_unique')).toBe(1);
  });
});

describe('a table left by a deleted page', () => {
  it('is taken over, with its data, by a new page of the same table', async () => {
    await add(samplePage('ddl_orphan'));
    await insertRow('ddl_orphan', { id: 'o1', title: '保留的数据', visits: 7 });
    await call(t.app, 'DELETE', PAGE_API.delete, { token: admin, query: { code: 'ddl_orphan' } });
    const again = samplePage('ddl_orphan_again', 'ddl_orphan');
    again.table!.columns.push({ name: 'extra', type: 'int' });
    again.fields.push({ name: 'extra', label: '附加', type: 'inputNumber' });
    const res = await add(again);
    expect(res.body.success).toBe(true);
    expect(await countRows(t.db, 'ddl_orphan')).toBe(1);
    expect((await columnsOf(t.db, 'ddl_orphan')).extra).toEqual({
      type: 'integer',
      nullable: true,
    });
  });
});
