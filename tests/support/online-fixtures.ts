/**
 * Two online pages for the online-table API tests: a list of orders (every column type, a
 * dictionary, options, required / unique / preset rules) and a tree of categories; users with
 * all, some and none of their permission codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import { createOnlinePage, createRoleWithCodes, onlineCodes } from './online-tables';
import { createTestApp, signedInUser, type TestApp } from './test-app';

export const ORDER_PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: 'test_order',
  title: '测试订单',
  kind: 'list',
  table: {
    name: 'test_order',
    columns: [
      { name: 'order_no', type: 'string', length: 30, nullable: false },
      { name: 'customer', type: 'string', length: 20 },
      { name: 'amount', type: 'decimal', precision: 10, scale: 2 },
      { name: 'qty', type: 'int' },
      { name: 'priority', type: 'string', length: 10 },
      { name: 'tags', type: 'string', length: 100 },
      { name: 'order_date', type: 'date' },
      { name: 'ship_time', type: 'datetime' },
      { name: 'paid', type: 'boolean' },
      { name: 'phone', type: 'string', length: 20 },
      { name: 'note', type: 'text' },
    ],
  },
  fields: [
    {
      name: 'orderNo',
      label: '订单号',
      type: 'input',
      validateRules: [{ required: true }, { unique: true }],
    },
    { name: 'customer', label: '客户', type: 'input' },
    { name: 'amount', label: '金额', type: 'inputNumber' },
    { name: 'qty', label: '数量', type: 'inputNumber' },
    { name: 'priority', label: '优先级', type: 'dict-select', dictCode: 'priority' },
    {
      name: 'tags',
      label: '标签',
      type: 'select-multiple',
      options: [
        { value: 'a', text: '加急' },
        { value: 'b', text: '包邮' },
      ],
    },
    { name: 'orderDate', label: '下单日期', type: 'date' },
    { name: 'shipTime', label: '发货时间', type: 'datetime' },
    { name: 'paid', label: '已付款', type: 'switch' },
    { name: 'phone', label: '手机号', type: 'input', validateRules: [{ pattern: 'm' }] },
    { name: 'note', label: '备注', type: 'textarea', list: false },
  ],
};

export const CATEGORY_PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: 'test_category',
  title: '测试分类',
  kind: 'tree-list',
  table: {
    name: 'test_category',
    columns: [
      { name: 'name', type: 'string', length: 50, nullable: false },
      { name: 'level', type: 'string', length: 10 },
    ],
  },
  fields: [
    { name: 'name', label: '名称', type: 'input', validateRules: [{ required: true }] },
    { name: 'level', label: '级别', type: 'dict-select', dictCode: 'priority' },
  ],
};

/** A page without a table of its own (its list comes from a system url). */
export const NO_TABLE_PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: 'test_notable',
  title: '无表页面',
  kind: 'list',
  api: { list: '/sys/user/list' },
  fields: [{ name: 'username', label: '用户名', type: 'input' }],
};

export const PASSWORD = 'Online-pass-42';

export interface OnlineApp {
  readonly t: TestApp;
  readonly filesDir: string;
  /** Holds every code of both pages (and of the missing and table-less pages). */
  readonly manager: string;
  /** Holds only `online:test_order:list`. */
  readonly viewer: string;
  /** Holds no code at all. */
  readonly nobody: string;
  close(): Promise<void>;
}

export async function setUpOnlineApp(): Promise<OnlineApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-files-'));
  const t = await createTestApp({ env: { FILES_DIR: filesDir } });
  for (const page of [ORDER_PAGE, CATEGORY_PAGE]) await createOnlinePage(t.db, t.ctx.bus, page);
  await t.db
    .insertInto('sys_page')
    .values({
      id: 'notable0000000000000000000000001',
      code: NO_TABLE_PAGE.code,
      title: NO_TABLE_PAGE.title,
      kind: 'list',
      definition: JSON.stringify(NO_TABLE_PAGE),
      tableName: null,
    })
    .execute();
  await createRoleWithCodes(t.db, 'online_manager', [
    ...onlineCodes('test_order'),
    ...onlineCodes('test_category'),
    ...onlineCodes('test_missing', ['list']),
    ...onlineCodes('test_notable', ['list']),
  ]);
  await createRoleWithCodes(t.db, 'online_viewer', onlineCodes('test_order', ['list']));
  return {
    t,
    filesDir,
    manager: await signedInUser(t, 'o_manager', PASSWORD, ['online_manager']),
    viewer: await signedInUser(t, 'o_viewer', PASSWORD, ['online_viewer']),
    nobody: await signedInUser(t, 'o_nobody', PASSWORD),
    async close() {
      await t.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export const onlineUrl = (code: string, action: string): string =>
  `/system/online/cgform/api/${code}/${action}`;
