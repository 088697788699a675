import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import { createOnlinePage, createRoleWithCodes, onlineCodes } from '../support/online-tables';
import { call, createTestApp, signedInUser, type TestApp } from '../support/test-app';

/**
 * The online API of a page that does not exist answers envelope code 404 `页面不存在` on every
 * route, to every signed-in caller, before any permission is looked up, as the reference does
 * (issue 21; page codes are no secret, menus carry them). A page that exists answers 510 to a
 * caller without its code.
 */

const PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: 'test_present',
  title: '存在的页面',
  kind: 'list',
  table: { name: 'test_present', columns: [{ name: 'name', type: 'string', length: 30 }] },
  fields: [{ name: 'name', label: '名称', type: 'input' }],
};

const ROUTES: readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string][] = [
  ['GET', 'list'],
  ['GET', 'children?pid=1'],
  ['GET', 'queryById?id=1'],
  ['POST', 'add'],
  ['PUT', 'edit'],
  ['POST', 'edit'],
  ['DELETE', 'delete?id=1'],
  ['DELETE', 'deleteBatch?ids=1'],
  ['GET', 'exportXls'],
  ['POST', 'importExcel'],
  ['GET', 'detail/some_detail/list?masterId=1'],
];

const url = (code: string, path: string) => `/system/online/cgform/api/${code}/${path}`;

let t: TestApp;
/** Holds every code of the page that never existed and of the one deleted below. */
let holder: string;
/** Holds no code. */
let nobody: string;

beforeAll(async () => {
  t = await createTestApp();
  await createOnlinePage(t.db, t.ctx.bus, PAGE);
  await createOnlinePage(t.db, t.ctx.bus, {
    ...PAGE,
    code: 'test_gone',
    table: { ...PAGE.table!, name: 'test_gone' },
  });
  await createRoleWithCodes(t.db, 'ghost_holder', [
    ...onlineCodes('test_ghost'),
    ...onlineCodes('test_gone', ['list']),
  ]);
  holder = await signedInUser(t, 'ghost_holder', 'Ghost-pass-42', ['ghost_holder']);
  nobody = await signedInUser(t, 'ghost_nobody', 'Ghost-pass-42');
});
afterAll(async () => {
  await t?.close();
});

function send(method: (typeof ROUTES)[number][0], target: string, token: string) {
  const body = method === 'POST' || method === 'PUT' ? { id: '1', name: 'x' } : undefined;
  return call(t.app, method, target, { token, body });
}

describe('online API of a page that does not exist', () => {
  it('answers 404 页面不存在 on every route to a holder of its codes', async () => {
    for (const [method, path] of ROUTES) {
      const res = await send(method, url('test_ghost', path), holder);
      expect(res.body, `${method} ${path}`).toMatchObject({
        success: false,
        code: 404,
        message: '页面不存在',
        result: null,
      });
    }
  });

  it('answers 页面不存在 to a caller without the code too: the page is looked up first', async () => {
    for (const [method, path] of ROUTES) {
      const res = await send(method, url('test_ghost', path), nobody);
      expect(res.body, `${method} ${path}`).toMatchObject({
        success: false,
        code: 404,
        message: '页面不存在',
      });
    }
  });

  it('answers 510 to a caller without the code of a page that exists', async () => {
    for (const [method, path] of ROUTES) {
      const res = await send(method, url(PAGE.code, path), nobody);
      expect(res.body, `${method} ${path}`).toMatchObject({
        success: false,
        code: 510,
        message: MSG_NO_PERMISSION,
      });
    }
  });

  it('answers 404 once a page the caller could use is gone', async () => {
    const before = await send('GET', url('test_gone', 'list'), holder);
    expect(before.body).toMatchObject({ success: true, code: 200 });
    // Gone the way pages went before deleting one removed its codes: the grants stay behind.
    await t.db.deleteFrom('sys_page').where('code', '=', 'test_gone').execute();
    await t.ctx.bus.publish({ kind: 'page', code: 'test_gone' });
    const after = await send('GET', url('test_gone', 'list'), holder);
    expect(after.body).toMatchObject({ code: 404, message: '页面不存在' });
  });
});
