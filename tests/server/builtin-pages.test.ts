import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from '../../src/contracts/page-check';
import type { RenderPageResult } from '../../src/contracts/page-api';
import {
  BUILTIN_PAGES_KEY,
  builtinPagesDir,
  loadBuiltinPages,
} from '../../server/modules/page/builtin';
import { PAGE_API, columnsOf, countRows, samplePage, tableExists } from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
let admin: string;
const tempDirs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A schemas folder of the test's own, with the given files. */
function schemasDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  tempDirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

describe('shipped pages', () => {
  it('every schemas/*.json is a valid page definition', () => {
    const dir = path.join(ROOT, 'schemas');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toContain('demo_customer.json');
    for (const file of files) {
      const check = checkPage(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
      expect([file, check.ok ? [] : check.problems]).toEqual([file, []]);
    }
  });

  it('finds schemas/ from the sources and from the server bundle folder', () => {
    const expected = path.join(ROOT, 'schemas');
    expect(builtinPagesDir()).toBe(expected);
    expect(builtinPagesDir(path.join(ROOT, 'dist', 'server'))).toBe(expected);
  });

  it('客户管理 is loaded at start: builtin, with its table, dictionary and demo rows', async () => {
    const page = await t.db
      .selectFrom('sys_page')
      .select(['builtin', 'version', 'tableName', 'createBy'])
      .where('code', '=', 'demo_customer')
      .executeTakeFirstOrThrow();
    expect(page).toEqual({
      builtin: true,
      version: 1,
      tableName: 'demo_customer',
      createBy: 'system',
    });
    expect(await countRows(t.db, 'demo_customer')).toBe(30);
    expect(Object.keys(await columnsOf(t.db, 'demo_customer'))).toEqual([
      'id',
      'create_by',
      'create_time',
      'update_by',
      'update_time',
      'name',
      'phone',
      'email',
      'level',
      'region',
      'amount',
      'remark',
      'description',
    ]);
    const items = await t.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dictId')
      .select(['i.itemValue', 'i.itemText'])
      .where('d.dictCode', '=', 'customer_level')
      .orderBy('i.sortOrder')
      .execute();
    expect(items.map((i) => i.itemText)).toEqual(['普通', '重要', 'VIP']);

    const rendered = await call<RenderPageResult>(t.app, 'GET', PAGE_API.render('demo_customer'), {
      token: admin,
    });
    expect(rendered.body.result.definition.title).toBe('客户管理');
  });

  it('采购单 (master-detail) is loaded with its orders and their detail rows', async () => {
    expect(await countRows(t.db, 'demo_purchase')).toBe(5);
    const { rows } = await sql<{ id: string; order_no: string; items: number; pays: number }>`
      select p.id, p.order_no,
        (select count(*)::int from demo_purchase_item i where i.purchase_id = p.id) as items,
        (select count(*)::int from demo_purchase_pay y where y.purchase_id = p.id) as pays
      from demo_purchase p order by p.order_no`.execute(t.db.withoutPlugins());
    expect(rows.map((r) => [r.order_no, r.items, r.pays])).toEqual([
      ['CG-2026-0001', 3, 2],
      ['CG-2026-0002', 2, 1],
      ['CG-2026-0003', 4, 2],
      ['CG-2026-0004', 1, 0],
      ['CG-2026-0005', 2, 1],
    ]);
    const items = await sql<{ order_num: number; product: string }>`
      select order_num, product from demo_purchase_item where purchase_id = ${rows[0]!.id}
      order by order_num`.execute(t.db.withoutPlugins());
    expect(items.rows.map((r) => [r.order_num, r.product])).toEqual([
      [1, '无线键盘'],
      [2, '无线鼠标'],
      [3, '显示器支架'],
    ]);
  });
});

describe('loadBuiltinPages', () => {
  it('loads nothing twice, and a deleted built-in page does not come back', async () => {
    expect(await loadBuiltinPages(t.db)).toEqual({ loaded: [], updated: [] });
    const res = await call(t.app, 'DELETE', PAGE_API.delete, {
      token: admin,
      query: { code: 'demo_customer' },
    });
    expect(res.body.message).toBe('删除成功，表 demo_customer 及其数据已保留');
    expect(await loadBuiltinPages(t.db)).toEqual({ loaded: [], updated: [] });
    const gone = await t.db.selectFrom('sys_page').select('id').where('code', '=', 'demo_customer');
    expect(await gone.execute()).toEqual([]);
    expect(await countRows(t.db, 'demo_customer')).toBe(30);
  });

  it('loads a new file with its demo rows, remembering its code', async () => {
    const dir = schemasDir({
      'bi_new.json': samplePage('bi_new'),
      'demo-data/bi_new.json': [
        { title: '甲', amount: 1.5, visits: 2 },
        { title: '乙', visits: 5 },
      ],
    });
    expect(await loadBuiltinPages(t.db, { dir })).toEqual({ loaded: ['bi_new'], updated: [] });
    expect(await countRows(t.db, 'bi_new')).toBe(2);
    const remembered = await t.db
      .selectFrom('sys_config')
      .select('configValue')
      .where('configKey', '=', BUILTIN_PAGES_KEY)
      .executeTakeFirstOrThrow();
    expect(remembered.configValue).toEqual(expect.arrayContaining(['bi_new', 'demo_customer']));
    expect(await loadBuiltinPages(t.db, { dir })).toEqual({ loaded: [], updated: [] });
  });

  it('leaves demo rows out of a database not seeded with demo data', async () => {
    await t.db.deleteFrom('sys_config').where('configKey', '=', 'demoData').execute();
    const dir = schemasDir({
      'bi_prod.json': samplePage('bi_prod'),
      'demo-data/bi_prod.json': [{ title: '演示' }],
    });
    expect(await loadBuiltinPages(t.db, { dir })).toEqual({ loaded: ['bi_prod'], updated: [] });
    expect(await tableExists(t.db, 'bi_prod')).toBe(true);
    expect(await countRows(t.db, 'bi_prod')).toBe(0);
  });

  it('brings an untouched built-in page up to its changed file, but never an edited one', async () => {
    const first = samplePage('bi_follow');
    const dir = schemasDir({ 'bi_follow.json': first, 'bi_edited.json': samplePage('bi_edited') });
    expect(await loadBuiltinPages(t.db, { dir })).toEqual({
      loaded: ['bi_edited', 'bi_follow'],
      updated: [],
    });
    // An admin saves bi_edited once: from then on it is theirs.
    const stored = await call<RenderPageResult>(t.app, 'GET', PAGE_API.render('bi_edited'), {
      token: admin,
    });
    const edited = await call(t.app, 'PUT', PAGE_API.edit, {
      token: admin,
      body: {
        definition: { ...stored.body.result.definition, title: '管理员改过' },
        baseVersion: stored.body.result.version,
      },
    });
    expect(edited.body.success).toBe(true);

    const retitled = (page: ReturnType<typeof samplePage>) => ({ ...page, title: '新版本标题' });
    const next = schemasDir({
      'bi_follow.json': retitled(first),
      'bi_edited.json': retitled(samplePage('bi_edited')),
    });
    expect(await loadBuiltinPages(t.db, { dir: next })).toEqual({
      loaded: [],
      updated: ['bi_follow'],
    });
    const titles = await t.db
      .selectFrom('sys_page')
      .select(['code', 'title', 'version'])
      .where('code', 'in', ['bi_follow', 'bi_edited'])
      .orderBy('code')
      .execute();
    expect(titles).toEqual([
      { code: 'bi_edited', title: '管理员改过', version: 2 },
      { code: 'bi_follow', title: '新版本标题', version: 2 },
    ]);
    // The same files again: nothing to do.
    expect(await loadBuiltinPages(t.db, { dir: next })).toEqual({ loaded: [], updated: [] });
  });

  it('names the file of an invalid shipped definition', async () => {
    const broken = samplePage('bi_broken');
    broken.fields.push({ name: 'ghost', label: '幽灵', type: 'input' });
    await expect(
      loadBuiltinPages(t.db, { dir: schemasDir({ 'bi_broken.json': broken }) }),
    ).rejects.toThrow(/bi_broken\.json was refused: 页面定义不合法：\/fields\/3\/name/);
    await expect(
      loadBuiltinPages(t.db, { dir: schemasDir({ 'bad.json': '{ nope' }) }),
    ).rejects.toThrow(/bad\.json is not valid JSON/);
    expect(await tableExists(t.db, 'bi_broken')).toBe(false);
  });
});
