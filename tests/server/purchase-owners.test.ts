import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { builtinPagesDir, loadBuiltinPages } from '../../server/modules/page/builtin';
import { onlineUrl } from '../support/online-fixtures';
import { PAGE_API, columnsOf } from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * 采购单's detail grid holds a 负责人 (sel_user: user ids) and a 部门 (sel_depart: department
 * ids) per row: seeded with the demo people's real ids, kept through a save, and added to the
 * table of a database that loaded the file before they existed.
 */

type Row = Record<string, unknown>;
const ITEM = 'demo_purchase_item';

let t: TestApp;
let admin: string;
const tempDirs: string[] = [];

const raw = () => t.db.withoutPlugins();
async function idOf(table: 'sys_user' | 'sys_depart', column: string, value: string) {
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)}
    where ${sql.ref(column)} = ${value}`.execute(raw());
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const menu = await call(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: 'demo_purchase' },
  });
  expect(menu.body.success, menu.text).toBe(true);
});
afterAll(async () => {
  await t?.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('采购明细 负责人 and 部门', () => {
  it('the demo rows hold the seeded people and departments by id', async () => {
    const [adminId, staffId, finance, hr] = await Promise.all([
      idOf('sys_user', 'username', 'admin'),
      idOf('sys_user', 'username', 'staff'),
      idOf('sys_depart', 'org_code', 'A01A04'),
      idOf('sys_depart', 'org_code', 'A01A05'),
    ]);
    const { rows } = await sql<{ owner: string; depart_id: string }>`
      select i.owner, i.depart_id from demo_purchase_item i
      join demo_purchase p on p.id = i.purchase_id
      where p.order_no = 'CG-2026-0001' order by i.order_num`.execute(raw());
    expect(rows.map((r) => [r.owner, r.depart_id])).toEqual([
      [adminId, finance],
      [staffId, hr],
      [`${adminId},${staffId}`, expect.stringMatching(new RegExp(`,${finance}$`))],
    ]);
  });

  it('a saved row keeps its people and departments; the detail list answers them', async () => {
    const [adminId, staffId, hr] = await Promise.all([
      idOf('sys_user', 'username', 'admin'),
      idOf('sys_user', 'username', 'staff'),
      idOf('sys_depart', 'org_code', 'A01A05'),
    ]);
    const added = await call<string>(t.app, 'POST', onlineUrl('demo_purchase', 'add'), {
      token: admin,
      body: {
        orderNo: 'CG-TEST-0001',
        supplier: '华夏智联科技有限公司',
        [ITEM]: [{ product: '白板', quantity: 2, owner: `${staffId},${adminId}`, departId: hr }],
      },
    });
    expect(added.body, added.text).toMatchObject({ success: true });
    const list = await call<Page<Row>>(
      t.app,
      'GET',
      onlineUrl('demo_purchase', `detail/${ITEM}/list`),
      { token: admin, query: { purchaseId: added.body.result } },
    );
    expect(list.body.success, list.text).toBe(true);
    expect(list.body.result.records).toEqual([
      expect.objectContaining({ product: '白板', owner: `${staffId},${adminId}`, departId: hr }),
    ]);
  });

  it('a database that loaded 采购单 before gains the two columns from the changed file', async () => {
    const shipped = JSON.parse(
      fs.readFileSync(path.join(builtinPagesDir()!, 'demo_purchase.json'), 'utf8'),
    ) as Row & { details: (Row & { table: Row & { columns: Row[] }; fields: Row[] })[] };
    // The same page under its own code and tables, once without and then with the columns.
    const renamed = JSON.parse(
      JSON.stringify(shipped).replaceAll('demo_purchase', 'pp_follow'),
    ) as typeof shipped;
    const before = structuredClone(renamed);
    const item = before.details[0]!;
    item.table.columns = item.table.columns.filter(
      (c) => c.name !== 'owner' && c.name !== 'depart_id',
    );
    item.fields = item.fields.filter((f) => f.name !== 'owner' && f.name !== 'departId');
    const dir = (page: unknown) => {
      const at = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
      tempDirs.push(at);
      fs.writeFileSync(path.join(at, 'pp_follow.json'), JSON.stringify(page));
      return at;
    };
    expect((await loadBuiltinPages(t.db, { dir: dir(before) })).loaded).toEqual(['pp_follow']);
    expect(Object.keys(await columnsOf(t.db, 'pp_follow_item'))).not.toContain('owner');
    expect(await loadBuiltinPages(t.db, { dir: dir(renamed) })).toEqual({
      loaded: [],
      updated: ['pp_follow'],
    });
    expect(Object.keys(await columnsOf(t.db, 'pp_follow_item'))).toEqual(
      expect.arrayContaining(['owner', 'depart_id']),
    );
  });
});
