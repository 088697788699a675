import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_OUT_OF_SCOPE } from '../../server/http/data-scope';
import { createRoleWithMenuRule } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

/**
 * Data rules on a page with its own table: the rules chosen on its menu entry (加入菜单) filter
 * the online data API — list, detail, export — and guard its edits and deletes, exactly as
 * they do the system screens.
 */

const DATA = '/system/online/cgform/api/demo_customer';
const PASSWORD = 'Crm-pass-77';

let t: TestApp;
let token: string;
let vipIds: string[];
let otherId: string;

interface Page {
  readonly records: readonly { id: string; level: string }[];
  readonly total: number;
}

async function levelIds(where: 'vip' | 'other'): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from demo_customer where ${where === 'vip' ? sql`level = '3'` : sql`level <> '3'`}
    order by id`.execute(t.db.withoutPlugins());
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const added = await call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: 'demo_customer' },
  });
  expect(added.body.success).toBe(true);
  await createRoleWithMenuRule(
    t.db,
    { code: 'crm_vip', name: 'VIP客服' },
    added.body.result.menuId,
    { name: '只看VIP', column: 'level', condition: '=', value: '3' },
  );
  await createUser(t.db, { username: 'crm_vip', password: PASSWORD, roleCodes: ['crm_vip'] });
  token = await login(t.app, 'crm_vip', PASSWORD);
  vipIds = await levelIds('vip');
  otherId = (await levelIds('other'))[0]!;
  expect(vipIds.length).toBeGreaterThan(1);
});
afterAll(async () => {
  await t?.close();
});

describe('data rules on an online page', () => {
  it('the list shows only the rows the rule lets through', async () => {
    const res = await call<Page>(t.app, 'GET', `${DATA}/list`, {
      token,
      query: { pageSize: '100' },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.total).toBe(vipIds.length);
    expect(new Set(res.body.result.records.map((r) => r.level))).toEqual(new Set(['3']));
  });

  it('a row outside cannot be read, edited or deleted; one inside can', async () => {
    const read = await call(t.app, 'GET', `${DATA}/queryById`, { token, query: { id: otherId } });
    expect(read.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    const edit = await call(t.app, 'PUT', `${DATA}/edit`, {
      token,
      body: { id: otherId, name: '改名' },
    });
    expect(edit.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    const batch = await call(t.app, 'DELETE', `${DATA}/deleteBatch`, {
      token,
      query: { ids: `${vipIds[0]},${otherId}` },
    });
    expect(batch.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    expect(await levelIds('vip')).toEqual(vipIds);
    expect(await levelIds('other')).toContain(otherId);

    const inside = await call(t.app, 'DELETE', `${DATA}/delete`, {
      token,
      query: { id: vipIds[0]! },
    });
    expect(inside.body).toMatchObject({ success: true });
    expect(await levelIds('vip')).toEqual(vipIds.slice(1));
  });

  it('the export holds only the rows inside', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${DATA}/exportXls`,
      headers: { 'x-access-token': token },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount - 1).toBe((await levelIds('vip')).length);
  });
});
