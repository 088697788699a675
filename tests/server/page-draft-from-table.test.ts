import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageApiPath, type DraftFromTableResult } from '../../src/contracts/page-api';
import { ResultCode } from '../../src/contracts/envelope';
import { PAGE_API, samplePage } from '../support/pages';
import { createRoleWithCodes, onlineCodes } from '../support/online-tables';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * 从表生成 (POST /system/lowcode/page/draftFromTable): a draft definition for a table already in
 * the database, never saved by the call. Page tables (kept after their page was deleted too)
 * and DESIGNER_TABLES are allowed; system tables and every other table are refused, with the
 * same answer whether they exist or not. A listed table that has the standard columns can be
 * saved as a page's table.
 */

const DRAFT = `/system${PageApiPath.draftFromTable}`;
let t: TestApp;
let admin: string;

const draft = (table: string, token = admin) =>
  call<DraftFromTableResult>(t.app, 'POST', DRAFT, { token, body: { table } });

beforeAll(async () => {
  t = await createTestApp({ env: { DESIGNER_TABLES: 'crm_contact,crm_plain,crm_missing' } });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  await sql`create table crm_contact (
      id varchar(32) primary key,
      create_by varchar(50), create_time timestamptz, update_by varchar(50), update_time timestamptz,
      full_name varchar(80) not null, notes text, age integer, balance numeric(12,3),
      birthday date, met_at timestamptz, active boolean, long_text varchar(2000)
    )`.execute(t.db);
  await sql`comment on table crm_contact is '联系人'`.execute(t.db);
  await sql`comment on column crm_contact.full_name is '姓名'`.execute(t.db);
  await sql`create unique index uniq_crm_contact_name on crm_contact (full_name)`.execute(t.db);
  await sql`create table crm_plain (code varchar(20) primary key, token uuid, label varchar(40))`.execute(
    t.db,
  );
  await sql`create table secret_table (id varchar(32) primary key, pin varchar(10))`.execute(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('draftFromTable', () => {
  it('maps the columns of a listed table to fields: types, required, the key, its indexes', async () => {
    const { body } = await draft('crm_contact');
    expect(body.success).toBe(true);
    const definition = body.result.definition;
    expect(definition).toMatchObject({
      code: 'crm_contact',
      title: '联系人',
      kind: 'list',
      table: {
        name: 'crm_contact',
        indexes: [{ name: 'uniq_crm_contact_name', columns: ['full_name'], unique: true }],
      },
    });
    const types = Object.fromEntries(definition.fields.map((f) => [f.name, f.type]));
    expect(types).toEqual({
      fullName: 'input',
      notes: 'textarea',
      age: 'inputNumber',
      balance: 'inputNumber',
      birthday: 'date',
      metAt: 'datetime',
      active: 'switch',
      longText: 'textarea',
    });
    const fullName = definition.fields[0]!;
    expect(fullName).toMatchObject({ label: '姓名', validateRules: [{ required: true }] });
    // Nullable columns are not required.
    expect(definition.fields.filter((f) => f.validateRules)).toHaveLength(1);
    expect(definition.fields.find((f) => f.name === 'balance')!.props).toEqual({ precision: 3 });
    expect(definition.table!.columns).toContainEqual({
      name: 'balance',
      type: 'decimal',
      precision: 12,
      scale: 3,
    });
    // The standard columns (the `id` key among them) are not declared: the server owns them.
    expect(definition.table!.columns.map((c) => c.name)).not.toContain('id');
    expect(body.result.notes).toEqual([]);
    // Nothing was saved.
    const pages = await t.db
      .selectFrom('sys_page')
      .select('code')
      .where('code', '=', 'crm_contact')
      .execute();
    expect(pages).toEqual([]);
  });

  it('saves the draft as a page that takes the listed table over, and lists its rows', async () => {
    await sql`insert into crm_contact (id, full_name, age) values ('c1', '张三', 30)`.execute(t.db);
    const { body } = await draft('crm_contact');
    const saved = await call(t.app, 'POST', PAGE_API.add, {
      token: admin,
      body: { definition: body.result.definition },
    });
    expect(saved.body).toMatchObject({ success: true });
    await createRoleWithCodes(t.db, 'crm_reader', onlineCodes('crm_contact', ['list']));
    const reader = await signedInUser(t, 'crm_reader', 'Reader#2026', ['crm_reader']);
    const list = await call<{ records: { fullName: string; age: number }[] }>(
      t.app,
      'GET',
      '/system/online/cgform/api/crm_contact/list',
      { token: reader },
    );
    expect(list.body.result.records).toEqual([
      expect.objectContaining({ fullName: '张三', age: 30 }),
    ]);
    // The next draft of the same table gets a code no page has.
    expect((await draft('crm_contact')).body.result.definition.code).toBe('crm_contact_page');
  });

  it('names what it left out, and a listed table without the standard columns cannot be saved', async () => {
    const { body } = await draft('crm_plain');
    expect(body.success).toBe(true);
    expect(body.result.notes).toEqual([
      '列 token 的类型 uuid 页面不能编辑，已略过（保存前请确认不删除该列）',
      '表的主键是 code，页面按 id 读写记录；主键列在编辑时只读',
    ]);
    const code = body.result.definition.fields.find((f) => f.name === 'code');
    expect(code).toMatchObject({ form: { readOnly: 'edit' }, validateRules: [{ required: true }] });
    const saved = await call(t.app, 'POST', PAGE_API.add, {
      token: admin,
      body: { definition: body.result.definition },
    });
    expect(saved.body.success).toBe(false);
    expect(saved.body.message).toContain(
      '表 crm_plain 缺少系统列 id、create_by、create_time、update_by、update_time，不能作为页面的表',
    );
  });

  it('drafts from a page table kept after its page was deleted', async () => {
    const page = samplePage('kept_orders');
    expect(
      (await call(t.app, 'POST', PAGE_API.add, { token: admin, body: { definition: page } })).body
        .success,
    ).toBe(true);
    await call(t.app, 'DELETE', PAGE_API.delete, { token: admin, query: { code: 'kept_orders' } });
    const { body } = await draft('kept_orders');
    expect(body.success).toBe(true);
    expect(body.result.definition.table!.columns).toEqual(page.table!.columns);
    expect(body.result.definition.fields.map((f) => [f.name, f.type])).toEqual([
      ['title', 'input'],
      ['amount', 'inputNumber'],
      ['visits', 'inputNumber'],
    ]);
  });

  it('refuses system tables, and every other table alike whether it exists or not', async () => {
    const system = await draft('sys_user');
    expect(system.body).toMatchObject({
      success: false,
      message: '系统表 sys_user 不能用于生成页面',
    });
    const existing = await draft('secret_table');
    const absent = await draft('no_such_table');
    expect(existing.body).toMatchObject({
      success: false,
      message: '表 secret_table 不是页面的表，也不在 DESIGNER_TABLES 中，不能用于生成页面',
    });
    expect(absent.body.message).toBe(
      '表 no_such_table 不是页面的表，也不在 DESIGNER_TABLES 中，不能用于生成页面',
    );
    expect(existing.text).not.toContain('pin');
    expect((await draft('crm_missing')).body.message).toBe('表 crm_missing 不存在');
    const bad = await draft('Robert"); drop table x;--');
    expect(bad.status).toBe(400);
  });

  it('lists the tables it may read: page tables and the DESIGNER_TABLES that exist, no other', async () => {
    const tables = async (token = admin) =>
      (await call<string[]>(t.app, 'GET', `/system${PageApiPath.draftTables}`, { token })).body;
    const listed = await tables();
    expect(listed.success).toBe(true);
    expect(listed.result).toEqual(
      expect.arrayContaining(['crm_contact', 'crm_plain', 'kept_orders']),
    );
    expect(listed.result).not.toContain('crm_missing');
    expect(listed.result).not.toContain('secret_table');
    expect(listed.result.some((name) => name.startsWith('sys_'))).toBe(false);
    expect([...listed.result].sort()).toEqual(listed.result);
    const clerk = await signedInUser(t, 'designer_lister', 'Clerk#2026');
    expect((await tables(clerk)).code).toBe(ResultCode.NO_PERMISSION);
  });

  it('needs lowcode:page:add (510 without it)', async () => {
    const clerk = await signedInUser(t, 'designer_clerk', 'Clerk#2026');
    const { body } = await draft('crm_contact', clerk);
    expect(body.code).toBe(ResultCode.NO_PERMISSION);
    expect(body.success).toBe(false);
  });
});

describe('DESIGNER_TABLES', () => {
  it('refuses a system table at start-up', async () => {
    await expect(
      createTestApp({ env: { DESIGNER_TABLES: 'crm_contact,sys_user' } }),
    ).rejects.toThrow('DESIGNER_TABLES: "sys_user" is a system table');
  });
});
