import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictOption } from '../../src/contracts/dict';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { createRoleWithCodes, createRoleWithMenuRule } from '../support/online-tables';
import { PAGE_API, samplePage } from '../support/pages';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  signHeaders,
  type TestApp,
} from '../support/test-app';

/**
 * Lookups obey the table's permission (issue 11, item 6): the permission matrix of table
 * dictionaries and the duplicate check on page tables.
 *
 * - no permission at all → refused like the page's list (510), never data;
 * - `online:{page}:list` → allowed, with the caller's data rules on that page applied;
 * - a page the caller may list naming exactly `table,text,code` (采购单's 供应商 names
 *   客户管理's `demo_customer,name,name`) → allowed for that dictionary only, every row;
 * - system tables: the allow-listed display columns, for any signed-in user, as before.
 */

const PASSWORD = 'Lookup-pass-63';
const REFUSED = { success: false, code: 510, message: MSG_NO_PERMISSION };
const NAMES = 'demo_customer,name,name';

let t: TestApp;
let admin: string;
/** No permission at all. */
let nobody: string;
/** 客户管理's list with the rule `level = 3`. */
let vip: string;
/** 采购单's list only (its 供应商 field names demo_customer,name,name). */
let buyer: string;
/** 采购单's list with the rule `status = draft`. */
let draftBuyer: string;

interface Customer {
  readonly id: string;
  readonly name: string;
  readonly phone: string;
  readonly level: string;
  readonly region: string;
}
let customers: Customer[];

async function get<T>(token: string, url: string, query?: Record<string, string>) {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const full = `${url}${search}`;
  const res = await t.app.inject({
    method: 'GET',
    url: full,
    headers: { 'x-access-token': token, ...signHeaders(full) },
  });
  return {
    status: res.statusCode,
    text: res.body,
    body: JSON.parse(res.body) as {
      success: boolean;
      code: number;
      message: string;
      result: T;
    },
  };
}

const dictItems = (token: string, code: string) =>
  get<DictOption[]>(token, `/system/sys/dict/getDictItems/${encodeURIComponent(code)}`);
const loadDict = (token: string, code: string, keyword: string) =>
  get<DictOption[]>(token, `/system/sys/dict/loadDict/${encodeURIComponent(code)}`, {
    keyword,
    pageSize: '100',
  });
const loadDictItem = (token: string, code: string, key: string) =>
  get<string[]>(token, `/system/sys/dict/loadDictItem/${encodeURIComponent(code)}`, { key });
const loadTree = (token: string, query: Record<string, string>) =>
  get<{ title: string }[]>(token, '/system/sys/dict/loadTreeData', query);
const duplicate = (token: string, tableName: string, fieldName: string, fieldVal: string) =>
  call(t.app, 'GET', PAGE_API.duplicateCheck, {
    token,
    query: { tableName, fieldName, fieldVal },
  });

async function menuOf(code: string): Promise<string> {
  const res = await call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code },
  });
  expect(res.body.success, res.text).toBe(true);
  return res.body.result.menuId;
}

async function userWith(username: string, roleCode: string): Promise<string> {
  await createUser(t.db, { username, password: PASSWORD, roleCodes: [roleCode] });
  return login(t.app, username, PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const customerMenu = await menuOf('demo_customer');
  const purchaseMenu = await menuOf('demo_purchase');
  await createRoleWithMenuRule(t.db, { code: 'lk_vip', name: 'VIP' }, customerMenu, {
    name: '只看VIP',
    column: 'level',
    condition: '=',
    value: '3',
  });
  await createRoleWithCodes(t.db, 'lk_buyer', ['online:demo_purchase:list']);
  await createRoleWithMenuRule(t.db, { code: 'lk_draft', name: '草稿' }, purchaseMenu, {
    name: '只看草稿',
    column: 'status',
    condition: '=',
    value: 'draft',
  });
  await createUser(t.db, { username: 'lk_nobody', password: PASSWORD });
  nobody = await login(t.app, 'lk_nobody', PASSWORD);
  vip = await userWith('lk_vip', 'lk_vip');
  buyer = await userWith('lk_buyer', 'lk_buyer');
  draftBuyer = await userWith('lk_draft', 'lk_draft');
  const { rows } = await sql<Customer>`select id, name, phone, level, region from demo_customer
    order by name`.execute(t.db.withoutPlugins());
  customers = rows;
  expect(customers.filter((c) => c.level === '3').length).toBeGreaterThan(1);
  expect(customers.filter((c) => c.level !== '3').length).toBeGreaterThan(1);
});
afterAll(async () => {
  await t?.close();
});

describe('no permission: refused like the list, never data', () => {
  it('every table-dictionary lookup of a page table answers 510', async () => {
    const phone = customers[0]!.phone;
    for (const res of [
      await dictItems(nobody, NAMES),
      await dictItems(nobody, 'demo_customer,phone,id'),
      await loadDict(nobody, NAMES, ''),
      await loadDictItem(nobody, 'demo_customer,name,phone', phone),
      await loadTree(nobody, {
        tableName: 'demo_customer',
        text: 'name',
        code: 'id',
        pidField: 'id',
      }),
    ]) {
      expect(res.body).toMatchObject(REFUSED);
      expect(res.text).not.toContain(phone);
      expect(res.text).not.toContain(customers[0]!.name);
    }
  });

  it('the duplicate check answers 510 too, even for a column that does not exist', async () => {
    expect(
      (await duplicate(nobody, 'demo_customer', 'phone', customers[0]!.phone)).body,
    ).toMatchObject(REFUSED);
    expect((await duplicate(nobody, 'demo_customer', 'no_such_column', 'x')).body).toMatchObject(
      REFUSED,
    );
    expect((await duplicate(nobody, 'demo_purchase_item', 'sku', 'KB-0001')).body).toMatchObject(
      REFUSED,
    );
  });

  it('system tables keep their allow-listed display columns for every signed-in user', async () => {
    const res = await dictItems(nobody, 'sys_position,name,code');
    expect(res.body.success).toBe(true);
    expect(res.body.result.length).toBeGreaterThan(0);
    expect((await dictItems(nobody, 'sys_user,password,id')).body.success).toBe(false);
  });
});

describe('the page’s list permission: allowed, within the caller’s data rules', () => {
  it('dictionaries answer only the rows the rule lets through', async () => {
    const vipNames = customers.filter((c) => c.level === '3').map((c) => c.name);
    const other = customers.find((c) => c.level !== '3')!;
    const items = await dictItems(vip, 'demo_customer,phone,id');
    expect(items.body.success, items.text).toBe(true);
    expect(items.body.result.map((o) => o.value).sort()).toEqual(
      customers
        .filter((c) => c.level === '3')
        .map((c) => c.id)
        .sort(),
    );
    expect(items.text).not.toContain(other.phone);
    const search = await loadDict(vip, 'demo_customer,name,id', '');
    expect(search.body.result.map((o) => o.text).sort()).toEqual([...vipNames].sort());
    const inside = customers.find((c) => c.level === '3')!;
    const texts = await loadDictItem(vip, 'demo_customer,phone,id', `${other.id},${inside.id}`);
    expect(texts.body.result).toEqual([inside.phone]);
    // A region holding customers on both sides of the rule.
    const region = customers.find(
      (c) => c.level === '3' && customers.some((o) => o.region === c.region && o.level !== '3'),
    )!.region;
    const tree = await loadTree(vip, {
      tableName: 'demo_customer',
      text: 'name',
      code: 'id',
      pidField: 'region',
      pid: region,
    });
    expect(tree.body.success, tree.text).toBe(true);
    expect(tree.body.result.map((n) => n.title).sort()).toEqual(
      customers
        .filter((c) => c.region === region && c.level === '3')
        .map((c) => c.name)
        .sort(),
    );
  });

  it('the duplicate check counts only the rows inside: a value held outside is free', async () => {
    const inside = customers.find((c) => c.level === '3')!;
    const outside = customers.find((c) => c.level !== '3')!;
    expect((await duplicate(vip, 'demo_customer', 'phone', inside.phone)).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await duplicate(vip, 'demo_customer', 'phone', outside.phone)).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
  });

  it('a detail table is checked through its master: rows of masters outside count as free', async () => {
    // KB-0001 belongs to a received order, FB-1200 to a draft one.
    expect(
      (await duplicate(draftBuyer, 'demo_purchase_item', 'sku', 'FB-1200')).body,
    ).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(
      (await duplicate(draftBuyer, 'demo_purchase_item', 'sku', 'KB-0001')).body,
    ).toMatchObject({
      success: true,
    });
    // Without a rule every row counts.
    expect((await duplicate(buyer, 'demo_purchase_item', 'sku', 'KB-0001')).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
  });
});

describe('a field of a listable page naming exactly the dictionary', () => {
  it('采购单’s users read 客户管理’s names through demo_customer,name,name, every row', async () => {
    const items = await dictItems(buyer, NAMES);
    expect(items.body.success, items.text).toBe(true);
    expect(items.body.result.map((o) => o.text).sort()).toEqual(
      customers.map((c) => c.name).sort(),
    );
    const search = await loadDict(buyer, ` demo_customer , name , name `, customers[0]!.name);
    expect(search.body.result.map((o) => o.value)).toContain(customers[0]!.name);
    const text = await loadDictItem(buyer, NAMES, customers[1]!.name);
    expect(text.body.result).toEqual([customers[1]!.name]);
  });

  it('any other column, text or code of that table is refused', async () => {
    for (const code of [
      'demo_customer,phone,name',
      'demo_customer,name,id',
      'demo_customer,name,phone',
      'demo_customer,email,email',
    ]) {
      const res = await dictItems(buyer, code);
      expect(res.body, code).toMatchObject(REFUSED);
    }
    // A tree or a condition on another column would be an oracle on it.
    expect(
      (
        await loadTree(buyer, {
          tableName: 'demo_customer',
          text: 'name',
          code: 'name',
          pidField: 'phone',
        })
      ).body,
    ).toMatchObject(REFUSED);
    expect(
      (
        await loadTree(buyer, {
          tableName: 'demo_customer',
          text: 'name',
          code: 'name',
          pidField: 'name',
          condition: JSON.stringify({ phone: customers[0]!.phone }),
        })
      ).body,
    ).toMatchObject(REFUSED);
    // Nor does it open the duplicate check of 客户管理.
    expect(
      (await duplicate(buyer, 'demo_customer', 'name', customers[0]!.name)).body,
    ).toMatchObject(REFUSED);
  });

  it('a page save that drops the field closes the lookup at once (the summary is re-read)', async () => {
    const page = samplePage('lk_notes');
    page.table!.columns.push({ name: 'contact', type: 'string', length: 32 });
    page.fields.push({
      name: 'contact',
      label: '联系人',
      type: 'dict-select',
      dictCode: 'demo_customer,email,id',
    });
    const added = await call<{ version: number }>(t.app, 'POST', PAGE_API.add, {
      token: admin,
      body: { definition: page },
    });
    expect(added.body.success, added.text).toBe(true);
    await createRoleWithCodes(t.db, 'lk_notes', ['online:lk_notes:list']);
    const reader = await userWith('lk_notes_reader', 'lk_notes');
    expect((await dictItems(reader, 'demo_customer,email,id')).body.success).toBe(true);

    const without = { ...page, fields: page.fields.filter((f) => f.name !== 'contact') };
    const saved = await call(t.app, 'PUT', PAGE_API.edit, {
      token: admin,
      body: { definition: without, baseVersion: added.body.result.version },
    });
    expect(saved.body.success, saved.text).toBe(true);
    expect((await dictItems(reader, 'demo_customer,email,id')).body).toMatchObject(REFUSED);
  });
});
