import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import { multipartBody } from '../support/online-tables';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signHeaders,
  type TestApp,
} from '../support/test-app';

/**
 * Text PostgreSQL cannot store (NUL) or that is not text at all (a lone UTF-16 surrogate) is
 * refused once for every route — path parameters, query, JSON body (values and keys) and the
 * text fields of a multipart upload — with HTTP 400 and a message naming the field.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const USERS = '/system/sys/user/list';

function expectRefused(res: { status: number; body: ApiEnvelope<unknown> }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    success: false,
    code: 400,
    message: `参数 ${field} 含有非法字符`,
    result: null,
  });
  expect(typeof res.body.timestamp).toBe('number');
}

describe('NUL and lone surrogates are a 400 naming the field', () => {
  it('in the login body (PostgreSQL used to answer 500)', async () => {
    const nul = await call(t.app, 'POST', API.login, {
      body: { username: 'ad\u0000min', password: DEMO_PASSWORD },
    });
    expectRefused(nul, 'username');
    const surrogate = await call(t.app, 'POST', API.login, {
      body: { username: 'admin', password: 'pass\ud800' },
    });
    expectRefused(surrogate, 'password');
    // A surrogate pair (an emoji) is ordinary text.
    const emoji = await call(t.app, 'POST', API.login, {
      body: { username: 'nobody-😀', password: 'x' },
    });
    expect(emoji.status).toBe(200);
    expect(emoji.body.message).toBe('用户名或密码错误');
  });

  it('in a JSON key and deep inside a JSON body', async () => {
    const key = await call(t.app, 'POST', '/system/sys/user/add', {
      token: admin,
      body: { username: 'k1', ['real\u0000name']: 'x' },
    });
    expectRefused(key, 'real\uFFFDname');
    const deep = await call(t.app, 'POST', '/system/sys/role/add', {
      token: admin,
      body: { roleName: '角色', roleCode: 'r1', extra: [{ note: 'ok' }, { note: '\udc00' }] },
    });
    expectRefused(deep, 'extra.1.note');
  });

  it('in a JSON body sent as raw text with escapes', async () => {
    for (const [text, field] of [
      ['{"username":"\\u0000","password":"x"}', 'username'],
      ['{"username":"a","password":"\\ud800x"}', 'password'],
      ['{"username":"a","password":"x","\\udfff":1}', '\uFFFD'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.login,
        headers: { 'content-type': 'application/json' },
        payload: text,
      });
      expectRefused({ status: res.statusCode, body: JSON.parse(res.body) }, field);
    }
  });

  it('in a query value and a query key', async () => {
    const value = await call(t.app, 'GET', USERS, {
      token: admin,
      query: { username: 'ad\u0000min' },
    });
    expectRefused(value, 'username');
    const name = await call(t.app, 'GET', USERS, { token: admin, query: { ['a\u0000']: '1' } });
    expectRefused(name, 'a\uFFFD');
  });

  it('in a path parameter, before the signature check', async () => {
    const url = `/system/sys/dict/getDictItems/${encodeURIComponent('sex\u0000')}`;
    const res = await call(t.app, 'GET', url, { token: admin, headers: signHeaders(url) });
    expectRefused(res, 'dictCode');
  });

  it('in a text field of a multipart upload', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('s').addRow(['职务编码', '职务名称']);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const { payload, contentType } = multipartBody('p.xlsx', content, { biz: 'a\u0000b' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/sys/position/importExcel',
      headers: { 'x-access-token': admin, 'content-type': contentType },
      payload,
    });
    expectRefused({ status: res.statusCode, body: JSON.parse(res.body) }, 'biz');
  });

  it('leaves other control characters and Chinese text alone', async () => {
    const res = await call(t.app, 'GET', USERS, {
      token: admin,
      query: { realname: '管理员\t\u0001' },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });
});
