import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { reportByCode } from '../../server/modules/report/store';
import { onlineUrl } from '../support/online-fixtures';
import { PAGE_API } from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * 采购单's 供应商 through a popup on the shipped report 客户选择 (widgets.md §2.10): the shipped
 * page stores the popup and the new 供应商电话 column, the report answers by code (pickers)
 * and by id (the report menu screen).
 */

let t: TestApp;
let admin: string;
let reportId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  reportId = (await reportByCode(t.db, 'demo_customer_pick'))!.id;
  // 采购单 into the menu: its codes (online:demo_purchase:*) go to the admin role.
  const menu = await call(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: 'demo_purchase' },
  });
  expect(menu.body.success, menu.text).toBe(true);
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

interface Field {
  readonly name: string;
  readonly type: string;
  readonly props?: Record<string, unknown>;
}

describe('采购单 with a supplier popup', () => {
  it('ships 供应商 as a popup on demo_customer_pick filling supplier and supplierPhone', async () => {
    const res = await call<{ definition: { fields: Field[] } }>(
      t.app,
      'GET',
      '/system/online/page/demo_purchase',
      { token: admin },
    );
    expect(res.body.success, res.body.message).toBe(true);
    const fields = res.body.result.definition.fields;
    expect(fields.find((f) => f.name === 'supplier')).toMatchObject({
      type: 'popup',
      props: {
        code: 'demo_customer_pick',
        orgFields: 'name,phone',
        destFields: 'supplier,supplierPhone',
      },
    });
    expect(fields.find((f) => f.name === 'supplierPhone')).toMatchObject({ type: 'input' });
  });

  it('saves and lists the supplier phone (column supplier_phone)', async () => {
    const add = await call<string>(t.app, 'POST', onlineUrl('demo_purchase', 'add'), {
      token: admin,
      body: { orderNo: 'POP-1', supplier: '客户甲', supplierPhone: '13900000001' },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const list = await call<Page<Record<string, unknown>>>(
      t.app,
      'GET',
      onlineUrl('demo_purchase', 'list'),
      { token: admin, query: { orderNo: 'POP-1' } },
    );
    expect(list.body.result.records[0]).toMatchObject({
      supplier: '客户甲',
      supplierPhone: '13900000001',
    });
  });

  it('answers the report columns by code and by id alike', async () => {
    const API = '/system/online/cgreport/api/getRpColumns';
    const byCode = await call<{ cgRpConfigId: string }>(t.app, 'GET', `${API}/demo_customer_pick`, {
      token: admin,
    });
    const byId = await call<{ cgRpConfigId: string }>(t.app, 'GET', `${API}/${reportId}`, {
      token: admin,
    });
    expect(byId.body.result).toEqual(byCode.body.result);
    expect(byId.body.result.cgRpConfigId).toBe(reportId);
    const missing = await call(t.app, 'GET', `${API}/no_such_report`, { token: admin });
    expect(missing.body).toMatchObject({ success: false, message: '报表不存在' });
  });
});
