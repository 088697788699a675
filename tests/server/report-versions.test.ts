import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/contracts/envelope';
import { migrateToLatest } from '../../server/db/index';
import { migrationProvider } from '../../server/db/migrations/index';
import { reportByCode } from '../../server/modules/report/store';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createTestDatabase,
  login,
  type TestApp,
} from '../support/test-app';

/**
 * 报表配置's 历史版本: every save of a report definition is kept (onl_cgreport_version), listed
 * newest first and readable whole; an existing report got its current version when the table
 * came (migration 0012); deleting a report deletes its history.
 */

const HEAD = '/system/online/cgreport/head';
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

interface VersionSummary {
  version: number;
  note: string | null;
  createBy: string | null;
  createTime: string | null;
}
interface VersionDefinition extends VersionSummary {
  id: string;
  code: string;
  name: string;
  sql: string;
  items: unknown[];
  params: unknown[];
}

const versions = (id: string, token = admin) =>
  call<VersionSummary[]>(t.app, 'GET', `${HEAD}/versions?id=${id}`, { token });
const version = (id: string, v: number, token = admin) =>
  call<VersionDefinition>(t.app, 'GET', `${HEAD}/queryVersion?id=${id}&version=${v}`, { token });

const input = {
  code: 'r_versions',
  name: '版本测试',
  sql: 'select name from demo_customer',
  items: [{ field: 'name', title: '名称' }],
  params: [],
};

async function addAndEditTwice(): Promise<string> {
  const added = await call<string>(t.app, 'POST', `${HEAD}/add`, {
    token: admin,
    body: { ...input, note: '  第一版  ' },
  });
  expect(added.body.success).toBe(true);
  const id = added.body.result;
  const second = await call(t.app, 'PUT', `${HEAD}/edit`, {
    token: admin,
    body: {
      ...input,
      id,
      version: 1,
      name: '版本测试二',
      items: [{ field: 'name', title: '客户' }],
    },
  });
  expect(second.body.success).toBe(true);
  const third = await call(t.app, 'PUT', `${HEAD}/edit`, {
    token: admin,
    body: {
      ...input,
      id,
      version: 2,
      sql: 'select name, phone from demo_customer',
      items: [
        { field: 'name', title: '客户' },
        { field: 'phone', title: '手机号' },
      ],
      note: '恢复版本 1 后加手机号',
    },
  });
  expect(third.body.success).toBe(true);
  return id;
}

describe('versions of a report', () => {
  it('keeps every save, newest first, with who, when and the note', async () => {
    const id = await addAndEditTwice();
    const list = await versions(id);
    expect(list.body.success).toBe(true);
    expect(list.body.result.map((v) => [v.version, v.note, v.createBy])).toEqual([
      [3, '恢复版本 1 后加手机号', 'admin'],
      [2, null, 'admin'],
      [1, '第一版', 'admin'],
    ]);
    for (const v of list.body.result) {
      expect(v.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    // The head is at the newest version.
    expect((await reportByCode(t.db, 'r_versions'))!.version).toBe(3);
  });

  it('answers the definition of one version as it was saved', async () => {
    const id = (await reportByCode(t.db, 'r_versions'))!.id;
    const first = await version(id, 1);
    expect(first.body).toMatchObject({
      success: true,
      result: {
        id,
        version: 1,
        code: 'r_versions',
        name: '版本测试',
        sql: 'select name from demo_customer',
        items: [{ field: 'name', title: '名称' }],
        params: [],
        note: '第一版',
        createBy: 'admin',
      },
    });
    const second = await version(id, 2);
    expect(second.body.result).toMatchObject({ name: '版本测试二', items: [{ title: '客户' }] });
  });

  it('a refused or stale edit adds no version', async () => {
    const id = (await reportByCode(t.db, 'r_versions'))!.id;
    const stale = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 2 },
    });
    expect(stale.body).toMatchObject({ success: false, message: '报表已被他人修改，请刷新后重试' });
    const refused = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: { ...input, id, version: 3, sql: 'select name from demo_customer where x = ${x}' },
    });
    expect(refused.body.success).toBe(false);
    expect((await versions(id)).body.result.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('a saved old version becomes a new version; history stays as it was', async () => {
    const id = (await reportByCode(t.db, 'r_versions'))!.id;
    const old = (await version(id, 1)).body.result;
    const saved = await call(t.app, 'PUT', `${HEAD}/edit`, {
      token: admin,
      body: {
        id,
        version: 3,
        code: old.code,
        name: old.name,
        sql: old.sql,
        items: old.items,
        params: old.params,
        note: '恢复版本 1',
      },
    });
    expect(saved.body.success).toBe(true);
    expect((await versions(id)).body.result.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect((await version(id, 4)).body.result).toMatchObject({
      name: '版本测试',
      note: '恢复版本 1',
    });
    expect((await version(id, 3)).body.result).toMatchObject({
      sql: expect.stringContaining('phone'),
    });
  });

  it('answers the not-found message for an unknown report or version', async () => {
    const id = (await reportByCode(t.db, 'r_versions'))!.id;
    for (const res of [
      await versions('nosuchreport'),
      await version('nosuchreport', 1),
      await version(id, 99),
    ]) {
      expect(res.body).toMatchObject({ success: false, message: '未找到对应数据', result: null });
    }
    const bad = await call(t.app, 'GET', `${HEAD}/queryVersion?id=${id}&version=0`, {
      token: admin,
    });
    expect(bad.body.success).toBe(false);
  });

  it('is refused to a user without lowcode:report:list (510)', async () => {
    const id = (await reportByCode(t.db, 'r_versions'))!.id;
    for (const res of [await versions(id, staff), await version(id, 1, staff)]) {
      expect(res.body.code).toBe(ResultCode.NO_PERMISSION);
      expect(JSON.stringify(res.body)).not.toContain('版本测试');
    }
  });

  it('goes with the report when it is deleted', async () => {
    const id = (await reportByCode(t.db, 'r_versions'))!.id;
    const gone = await call(t.app, 'DELETE', `${HEAD}/delete?id=${id}`, { token: admin });
    expect(gone.body.success).toBe(true);
    const { rows } = await sql<{ c: number }>`
      select count(*)::int as c from onl_cgreport_version where head_id = ${id}`.execute(t.db);
    expect(rows[0]!.c).toBe(0);
    expect((await versions(id)).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('the shipped report has its first version', async () => {
    const demo = (await reportByCode(t.db, 'demo_customer_pick'))!;
    const list = await versions(demo.id);
    expect(list.body.result).toEqual([
      expect.objectContaining({ version: demo.version, note: null, createBy: 'admin' }),
    ]);
    expect((await version(demo.id, demo.version)).body.result).toMatchObject({
      code: 'demo_customer_pick',
      sql: demo.sql,
      items: demo.items,
      params: demo.params,
    });
  });
});

describe('migration 0012 on an install with reports', () => {
  it('keeps each report at its current version, saved by whoever saved it last', async () => {
    const database = await createTestDatabase('empty');
    const handle = await database.open();
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0011_report_menu')).error).toBeUndefined();
      const raw = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
      await sql`
        insert into onl_cgreport_head (id, code, name, cgr_sql, items, params, version, create_by,
          create_time, update_by, update_time)
        values ('edited3', 'r_edited', '改过三次', 'select 1 as n', '[{"field":"n","title":"N"}]',
          '[]', 3, 'zhang', '2026-01-01 08:00:00+08', 'li', '2026-02-03 09:10:11+08')`.execute(raw);
      await migrateToLatest(handle.db);

      const { rows } = await sql<{
        head_id: string;
        version: number;
        name: string;
        cgr_sql: string;
        items: unknown;
        note: string | null;
        create_by: string | null;
        create_time: Date;
      }>`
        select head_id, version, name, cgr_sql, items, note, create_by, create_time
        from onl_cgreport_version order by head_id`.execute(raw);
      expect(rows.map((r) => [r.head_id, r.version, r.create_by])).toEqual([
        ['1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d', 1, 'admin'],
        ['edited3', 3, 'li'],
      ]);
      const edited = rows[1]!;
      expect(edited).toMatchObject({
        name: '改过三次',
        cgr_sql: 'select 1 as n',
        items: [{ field: 'n', title: 'N' }],
        note: null,
      });
      expect(edited.create_time.toISOString()).toBe('2026-02-03T01:10:11.000Z');
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
