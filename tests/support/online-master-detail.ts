/**
 * A master-detail page for the online-table API tests, saved through the page store (which
 * creates the master and both detail tables) and added to the menu (its `online:…` codes).
 * Users: the admin (every code), an editor without `online:md_purchase:edit`, and a user whose
 * data rule on the page's menu lets through only the masters of supplier ACME.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import { createRoleWithCodes, createRoleWithMenuRule, onlineCodes } from './online-tables';
import { PAGE_API } from './pages';
import { onlineUrl } from './online-fixtures';
import { DEMO_PASSWORD, call, createTestApp, login, signedInUser, type TestApp } from './test-app';

export const MD_CODE = 'md_purchase';
export const ITEM = 'md_purchase_item';
export const PAY = 'md_purchase_pay';

export const MASTER_DETAIL_PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: MD_CODE,
  title: '采购单',
  kind: 'master-detail',
  table: {
    name: 'md_purchase',
    columns: [
      { name: 'order_no', type: 'string', length: 30, nullable: false },
      { name: 'supplier', type: 'string', length: 50 },
      { name: 'amount', type: 'decimal', precision: 14, scale: 2 },
    ],
  },
  fields: [
    {
      name: 'orderNo',
      label: '单号',
      type: 'input',
      validateRules: [{ required: true }, { unique: true }],
    },
    { name: 'supplier', label: '供应商', type: 'input' },
    { name: 'amount', label: '金额', type: 'inputNumber' },
  ],
  details: [
    {
      code: ITEM,
      title: '采购明细',
      foreignKey: 'purchaseId',
      table: {
        name: 'md_purchase_item',
        columns: [
          { name: 'purchase_id', type: 'string', length: 32 },
          { name: 'product', type: 'string', length: 100, nullable: false },
          { name: 'quantity', type: 'int' },
          { name: 'sku', type: 'string', length: 30 },
          { name: 'unit', type: 'string', length: 10 },
          { name: 'order_num', type: 'int' },
        ],
      },
      fields: [
        // Required, yet never asked of a request: the server sets it.
        {
          name: 'purchaseId',
          label: '采购单',
          type: 'hidden',
          list: false,
          validateRules: [{ required: true }],
        },
        { name: 'product', label: '商品', type: 'input', validateRules: [{ required: true }] },
        { name: 'quantity', label: '数量', type: 'inputNumber' },
        { name: 'sku', label: 'SKU', type: 'input', validateRules: [{ unique: true }] },
        {
          name: 'unit',
          label: '单位',
          type: 'select',
          options: [
            { value: 'box', text: '箱' },
            { value: 'pcs', text: '件' },
          ],
        },
        { name: 'orderNum', label: '排序', type: 'inputNumber' },
      ],
    },
    {
      code: PAY,
      title: '付款计划',
      foreignKey: 'purchaseId',
      table: {
        name: 'md_purchase_pay',
        columns: [
          { name: 'purchase_id', type: 'string', length: 32 },
          { name: 'pay_date', type: 'date' },
          { name: 'pay_amount', type: 'decimal', precision: 14, scale: 2 },
        ],
      },
      fields: [
        { name: 'purchaseId', label: '采购单', type: 'hidden', list: false },
        { name: 'payDate', label: '付款日期', type: 'date' },
        {
          name: 'payAmount',
          label: '付款金额',
          type: 'inputNumber',
          validateRules: [{ required: true }],
        },
      ],
    },
  ],
};

const PASSWORD = 'Md-pass-2024';

export interface MasterDetailApp {
  readonly t: TestApp;
  /** Every code of the page (the admin). */
  readonly admin: string;
  /** list and add, not edit or delete. */
  readonly editorless: string;
  /** Every code, with the data rule `supplier = ACME` on the page's menu. */
  readonly scoped: string;
  /** No code at all. */
  readonly nobody: string;
}

export async function setUpMasterDetailApp(): Promise<MasterDetailApp> {
  const t = await createTestApp();
  const admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const saved = await call(t.app, 'POST', PAGE_API.add, {
    token: admin,
    body: { definition: MASTER_DETAIL_PAGE },
  });
  expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true });
  const added = await call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: MD_CODE },
  });
  expect(added.body.success, added.body.message).toBe(true);
  await createRoleWithMenuRule(
    t.db,
    { code: 'md_scoped', name: 'ACME采购' },
    added.body.result.menuId,
    { name: '只看ACME', column: 'supplier', condition: '=', value: 'ACME' },
  );
  await createRoleWithCodes(t.db, 'md_editorless', onlineCodes(MD_CODE, ['list', 'add']));
  return {
    t,
    admin,
    editorless: await signedInUser(t, 'md_editorless', PASSWORD, ['md_editorless']),
    scoped: await signedInUser(t, 'md_scoped', PASSWORD, ['md_scoped']),
    nobody: await signedInUser(t, 'md_nobody', PASSWORD),
  };
}

/** `/system/online/cgform/api/md_purchase/{action}` */
export const mdUrl = (action: string) => onlineUrl(MD_CODE, action);

/** The detail list of one master. */
export const detailListUrl = (detailCode: string) => mdUrl(`detail/${detailCode}/list`);

export type Row = Record<string, unknown>;

/** Everything stored in the three tables, in a stable order (to compare before / after). */
export async function snapshot(t: TestApp): Promise<Record<string, Row[]>> {
  const db = t.db.withoutPlugins();
  const read = async (table: string) =>
    (await sql<Row>`select * from ${sql.table(table)} order by id`.execute(db)).rows.map((row) => ({
      ...row,
    }));
  return {
    master: await read('md_purchase'),
    items: await read('md_purchase_item'),
    pays: await read('md_purchase_pay'),
  };
}

/** Stored detail rows of a master (column names as in the table). */
export async function storedRows(t: TestApp, table: string, masterId: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)}
    where purchase_id = ${masterId} order by create_time, id`.execute(t.db.withoutPlugins());
  return rows;
}
