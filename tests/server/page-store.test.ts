import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import type { PageProblem, PageSummary, PageVersion } from '../../src/contracts/page';
import type {
  RenderPageResult,
  StoredPageResult,
  ValidateResult,
} from '../../src/contracts/page-api';
import { newId } from '../../server/ids';
import { PAGE_API, samplePage, tableExists, type DraftPage } from '../support/pages';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const add = (definition: unknown, note?: string) =>
  call<StoredPageResult>(t.app, 'POST', PAGE_API.add, { token: admin, body: { definition, note } });
const edit = (definition: unknown, baseVersion: number, extra: object = {}) =>
  call<StoredPageResult>(t.app, 'PUT', PAGE_API.edit, {
    token: admin,
    body: { definition, baseVersion, ...extra },
  });
const render = (code: string, token = admin) =>
  call<RenderPageResult>(t.app, 'GET', PAGE_API.render(code), { token });

describe('add', () => {
  it('stores version 1 with its table, and the page renders', async () => {
    const res = await add(samplePage('store_basic'), '第一版');
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toMatchObject({ code: 'store_basic', version: 1, updateBy: 'admin' });
    expect(res.body.result.updateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await tableExists(t.db, 'store_basic')).toBe(true);

    const page = await t.db
      .selectFrom('sys_page')
      .selectAll()
      .where('code', '=', 'store_basic')
      .executeTakeFirstOrThrow();
    expect(page).toMatchObject({
      version: 1,
      tableName: 'store_basic',
      builtin: false,
      kind: 'list',
    });
    const versions = await call<PageVersion[]>(t.app, 'GET', PAGE_API.versions, {
      token: admin,
      query: { code: 'store_basic' },
    });
    expect(versions.body.result).toEqual([
      expect.objectContaining({ version: 1, createBy: 'admin', changes: [], note: '第一版' }),
    ]);

    const rendered = await render('store_basic');
    expect(rendered.body.result.version).toBe(1);
    expect(rendered.body.result.definition.title).toBe('测试页面 store_basic');
  });

  it('stores an older schemaVersion upgraded', async () => {
    const v1 = {
      schemaVersion: 1,
      code: 'store_v1',
      title: '旧格式页面',
      tableName: 'store_v1',
      columns: [
        { dbFieldName: 'id', dbFieldTxt: '主键' },
        { dbFieldName: 'order_no', dbFieldTxt: '订单号', dbLength: 32, isQuery: 1 },
      ],
    };
    const res = await add(v1);
    expect(res.body.success).toBe(true);
    expect(res.body.result.definition).toMatchObject({
      schemaVersion: 2,
      table: { name: 'store_v1', columns: [{ name: 'order_no', type: 'string', length: 32 }] },
      fields: [{ name: 'orderNo', label: '订单号' }],
    });
  });

  it('answers every problem of a bad definition with its path, and stores nothing', async () => {
    const bad = samplePage('store_bad');
    bad.fields.push({ name: 'ghost', label: '幽灵', type: 'input' });
    bad.fields.push({ name: 'title', label: '重复', type: 'input' });
    (bad as unknown as Record<string, unknown>).colour = 'red';
    let res = await add(bad);
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toBe('页面定义不合法：/colour 不认识的属性 colour');
    bad.fields.length = 3;
    bad.fields.push({ name: 'ghost', label: '幽灵', type: 'input' });
    bad.fields.push({ name: 'title', label: '重复', type: 'input' });
    delete (bad as unknown as Record<string, unknown>).colour;
    res = await add(bad);
    const problems = (res.body.result as unknown as { problems: PageProblem[] }).problems;
    expect(problems).toEqual([
      { path: '/fields/3/name', message: '字段 ghost 在表 store_bad 中没有对应的列 ghost' },
      { path: '/fields/4/name', message: '字段名 title 与第 1 个字段重复' },
    ]);
    expect(res.body.message).toBe(
      '页面定义不合法：/fields/3/name 字段 ghost 在表 store_bad 中没有对应的列 ghost（共 2 处问题）',
    );
    for (const definition of [null, 'text', [], { code: 'x' }, { schemaVersion: 9 }]) {
      const r = await add(definition);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/^页面定义不合法：\/schemaVersion /);
    }
    expect(await tableExists(t.db, 'store_bad')).toBe(false);
    const stored = await t.db.selectFrom('sys_page').select('id').where('code', '=', 'store_bad');
    expect(await stored.execute()).toEqual([]);
  });

  it('refuses a pattern the server cannot run (look-around, back-references), in save and dry run', async () => {
    const page = samplePage('store_regex');
    page.fields[0] = {
      ...page.fields[0]!,
      validateRules: [{ pattern: '[\\u4e00-\\u9fa5]+' }, { pattern: '^(?=\\d)\\w+$' }],
    };
    const problem = {
      path: '/fields/0/validateRules/1/pattern',
      message: '正则表达式用到了环视或反向引用，服务器无法执行，请改写：^(?=\\d)\\w+$',
    };
    const res = await add(page);
    expect(res.body.success).toBe(false);
    expect((res.body.result as unknown as { problems: PageProblem[] }).problems).toEqual([problem]);
    const dry = await call<ValidateResult>(t.app, 'POST', PAGE_API.validate, {
      token: admin,
      body: { definition: page },
    });
    expect(dry.body.result.problems).toEqual([problem]);
    expect(await tableExists(t.db, 'store_regex')).toBe(false);
  });

  it('refuses a used code and a table another page owns', async () => {
    await add(samplePage('store_dup'));
    const again = await add(samplePage('store_dup', 'store_dup_other'));
    expect(again.body).toMatchObject({
      success: false,
      message: '页面编码 store_dup 已存在，请换一个编码',
    });
    const sameTable = await add(samplePage('store_dup_two', 'store_dup'));
    expect(sameTable.body.success).toBe(false);
    expect(sameTable.body.message).toBe(
      '无法修改表结构：/table/name 表 store_dup 已被页面 store_dup（测试页面 store_dup）使用',
    );
  });
});

describe('edit, versions and rollback', () => {
  let v1: DraftPage;
  beforeAll(async () => {
    v1 = samplePage('store_versions');
    await add(v1);
  });

  it('makes a new version recording what changed; a stale baseVersion is refused', async () => {
    const v2 = samplePage('store_versions');
    v2.title = '改过的标题';
    v2.list = { pageSize: 20 };
    const saved = await edit(v2, 1, { note: '改标题' });
    expect(saved.body).toMatchObject({ success: true, result: { version: 2 } });

    const stale = await edit(v2, 1);
    expect(stale.body).toMatchObject({
      success: false,
      message: '页面已被他人修改（当前版本 2），请刷新后再保存',
    });
    const missing = await call(t.app, 'PUT', PAGE_API.edit, {
      token: admin,
      body: { definition: v2 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('baseVersion');

    const versions = await call<PageVersion[]>(t.app, 'GET', PAGE_API.versions, {
      token: admin,
      query: { code: 'store_versions' },
    });
    expect(versions.body.result.map((v) => [v.version, v.changes, v.note])).toEqual([
      [2, ['/title', '/list/pageSize'], '改标题'],
      [1, [], null],
    ]);
  });

  it('reads an old version and rolls back to it as a new version', async () => {
    const old = await call<StoredPageResult>(t.app, 'GET', PAGE_API.version, {
      token: admin,
      query: { code: 'store_versions', version: '1' },
    });
    expect(old.body.result).toMatchObject({ version: 1, updateBy: 'admin' });
    expect(old.body.result.definition.title).toBe(v1.title);

    const stale = await call(t.app, 'POST', PAGE_API.rollback, {
      token: admin,
      body: { code: 'store_versions', version: 1, baseVersion: 1 },
    });
    expect(stale.body.message).toBe('页面已被他人修改（当前版本 2），请刷新后再保存');

    const back = await call<StoredPageResult>(t.app, 'POST', PAGE_API.rollback, {
      token: admin,
      body: { code: 'store_versions', version: 1, baseVersion: 2 },
    });
    expect(back.body).toMatchObject({ success: true, message: '已回滚到版本 1（新版本 3）' });
    expect(back.body.result.definition).toEqual(old.body.result.definition);
    expect((await render('store_versions')).body.result).toMatchObject({
      version: 3,
      definition: { title: v1.title },
    });
    const versions = await call<PageVersion[]>(t.app, 'GET', PAGE_API.versions, {
      token: admin,
      query: { code: 'store_versions' },
    });
    expect(versions.body.result[0]).toMatchObject({ version: 3, note: '回滚到版本 1' });
    // Stored as jsonb, whose key order is its own: compare as a set.
    expect([...versions.body.result[0]!.changes].sort()).toEqual(['/list/pageSize', '/title']);
    const missing = await call(t.app, 'GET', PAGE_API.version, {
      token: admin,
      query: { code: 'store_versions', version: '9' },
    });
    expect(missing.body.message).toBe('页面 store_versions 的版本 9 不存在');
  });

  it('refuses an edit of a page that does not exist', async () => {
    const res = await edit(samplePage('store_nowhere'), 1);
    expect(res.body.message).toBe('页面 store_nowhere 不存在');
  });
});

describe('list, queryByCode, validate, delete', () => {
  it('lists pages with paging and code/title filters', async () => {
    await add(samplePage('store_list_a'));
    await add(samplePage('store_list_b'));
    const res = await call<Page<PageSummary>>(t.app, 'GET', PAGE_API.list, {
      token: admin,
      query: { code: 'store_list_', pageSize: '1', pageNo: '2' },
    });
    expect(res.body.result).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(res.body.result.records).toHaveLength(1);
    const all = await call<Page<PageSummary>>(t.app, 'GET', PAGE_API.list, {
      token: admin,
      query: { title: '*客户*' },
    });
    expect(all.body.result.records.map((r) => r.code)).toEqual(['demo_customer']);
    const literal = await call<Page<PageSummary>>(t.app, 'GET', PAGE_API.list, {
      token: admin,
      query: { code: "%' or '1'='1" },
    });
    expect(literal.body.result.total).toBe(0);
  });

  it('queryByCode answers the stored page', async () => {
    const res = await call<StoredPageResult>(t.app, 'GET', PAGE_API.queryByCode, {
      token: admin,
      query: { code: 'store_list_a' },
    });
    expect(res.body.result).toMatchObject({ code: 'store_list_a', version: 1 });
    const none = await call(t.app, 'GET', PAGE_API.queryByCode, {
      token: admin,
      query: { code: 'no_such_page' },
    });
    expect(none.body).toMatchObject({
      success: false,
      code: 404,
      message: '页面 no_such_page 不存在',
    });
  });

  it('validate previews the SQL and the problems without running anything', async () => {
    const fresh = await call<ValidateResult>(t.app, 'POST', PAGE_API.validate, {
      token: admin,
      body: { definition: samplePage('store_preview') },
    });
    expect(fresh.body.result.problems).toEqual([]);
    expect(fresh.body.result.ddl[0]).toMatch(/^create table "store_preview" \("id" varchar\(32\)/);
    expect(await tableExists(t.db, 'store_preview')).toBe(false);

    const changed = samplePage('store_list_a');
    changed.table!.columns.splice(1, 1);
    changed.fields.splice(1, 1);
    changed.table!.columns[0]!.length = 10;
    const editing = await call<ValidateResult>(t.app, 'POST', PAGE_API.validate, {
      token: admin,
      body: { definition: changed, code: 'store_list_a' },
    });
    expect(editing.body.result.dropColumns).toEqual(['amount']);
    expect(editing.body.result.problems).toEqual([
      {
        path: '/table/columns/0/type',
        message: '列 title 的长度不能从 50 缩短为 10（已有数据可能被截断）',
      },
    ]);
    const taken = await call<ValidateResult>(t.app, 'POST', PAGE_API.validate, {
      token: admin,
      body: { definition: samplePage('store_list_a') },
    });
    expect(taken.body.result.problems).toEqual([
      { path: '/code', message: '页面编码 store_list_a 已存在，请换一个编码' },
      {
        path: '/table/name',
        message: '表 store_list_a 已被页面 store_list_a（测试页面 store_list_a）使用',
      },
    ]);
    const invalid = await call<ValidateResult>(t.app, 'POST', PAGE_API.validate, {
      token: admin,
      body: { definition: { ...samplePage('store_x'), kind: 'grid' } },
    });
    expect(invalid.body.result.problems[0]).toMatchObject({ path: '/kind' });
  });

  it('deletes a page but keeps its table and data', async () => {
    await add(samplePage('store_gone'));
    await render('store_gone'); // cached
    const res = await call(t.app, 'DELETE', PAGE_API.delete, {
      token: admin,
      query: { code: 'store_gone' },
    });
    expect(res.body).toMatchObject({
      success: true,
      message: '删除成功，表 store_gone 及其数据已保留',
    });
    expect(await tableExists(t.db, 'store_gone')).toBe(true);
    expect((await render('store_gone')).body).toMatchObject({
      success: false,
      message: '页面 store_gone 不存在',
    });
    const versions = await t.db.selectFrom('sys_page_version').select('id').execute();
    expect(versions.length).toBeGreaterThan(0);
    const again = await call(t.app, 'DELETE', PAGE_API.delete, {
      token: admin,
      query: { code: 'store_gone' },
    });
    expect(again.body.message).toBe('页面 store_gone 不存在');
  });
});

describe('who may call', () => {
  it('staff (no lowcode codes) gets 510 on every page-store route, but may render', async () => {
    const staff = await login(t.app, 'staff', DEMO_PASSWORD);
    const calls: [string, string][] = [
      ['GET', PAGE_API.list],
      ['GET', `${PAGE_API.queryByCode}?code=store_basic`],
      ['POST', PAGE_API.add],
      ['PUT', PAGE_API.edit],
      ['DELETE', `${PAGE_API.delete}?code=store_basic`],
      ['POST', PAGE_API.validate],
      ['GET', `${PAGE_API.versions}?code=store_basic`],
      ['GET', `${PAGE_API.version}?code=store_basic&version=1`],
      ['POST', PAGE_API.rollback],
      ['POST', PAGE_API.addToMenu],
    ];
    for (const [method, url] of calls) {
      const res = await call(t.app, method as 'GET', url, {
        token: staff,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      expect([url, res.body.code]).toEqual([url, 510]);
    }
    expect((await render('store_basic', staff)).body.success).toBe(true);
    const anonymous = await call(t.app, 'GET', PAGE_API.render('store_basic'));
    expect(anonymous.status).toBe(401);
    expect(await tableExists(t.db, 'store_basic')).toBe(true);
  });

  it('a reader holding only lowcode:page:list may read but not save', async () => {
    const role = await t.db
      .insertInto('sys_role')
      .values({ id: newId(), roleName: '页面只读', roleCode: 'page_reader' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const screen = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', 'lowcode:page:list')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_role_permission')
      .values({ id: newId(), roleId: role.id, permissionId: screen.id })
      .execute();
    await createUser(t.db, {
      username: 'page_reader',
      password: 'Reader-pass-1',
      roleCodes: ['page_reader'],
    });
    const reader = await login(t.app, 'page_reader', 'Reader-pass-1');
    const list = await call(t.app, 'GET', PAGE_API.list, { token: reader });
    expect(list.body.success).toBe(true);
    const save = await call(t.app, 'POST', PAGE_API.add, {
      token: reader,
      body: { definition: samplePage('store_reader') },
    });
    expect(save.body.code).toBe(510);
  });
});
