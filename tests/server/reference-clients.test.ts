import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/contracts/envelope';
import { AREA_URLS } from '../../server/modules/area/routes';
import { MSG_PAGE_MISSING } from '../../server/modules/online/table';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * Issue 21, reference clients: what JeecgBoot's own front end and hand-made URLs send, as they
 * send it (not as our browser writes it).
 */

const P = '/system';
let t: TestApp;
let admin: string;

interface Page {
  records: { code: string; name: string }[];
  total: number;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

describe('a filter `*a,b*`', () => {
  it('reads like before in: names containing `qqa,b` are found', async () => {
    for (const [code, name] of [
      ['REFQ01', '职务qqa,b一'],
      ['REFQ02', 'qqa'],
      ['REFQ03', 'b'],
    ]) {
      const added = await call(t.app, 'POST', `${P}/sys/position/add`, {
        token: admin,
        body: { code, name, postRank: '1' },
      });
      expect(added.body.success).toBe(true);
    }
    const res = await call<Page>(t.app, 'GET', `${P}/sys/position/list`, {
      token: admin,
      query: { name: '*qqa,b*' },
    });
    expect(res.body.result.records.map((r) => r.code)).toEqual(['REFQ01']);
    // The browser's escaped form keeps working.
    const escaped = await call<Page>(t.app, 'GET', `${P}/sys/position/list`, {
      token: admin,
      query: { name: '*qqa\\,b*' },
    });
    expect(escaped.body.result.records.map((r) => r.code)).toEqual(['REFQ01']);
    const list = await call<Page>(t.app, 'GET', `${P}/sys/position/list`, {
      token: admin,
      query: { name: 'qqa,b' },
    });
    expect(list.body.result.records.map((r) => r.code).sort()).toEqual(['REFQ02', 'REFQ03']);
  });
});

describe('an unknown page', () => {
  it('answers 页面不存在 before any permission is looked up', async () => {
    const nobody = await signedInUser(t, 'ref_nobody', 'Nobody#2026');
    for (const token of [admin, nobody]) {
      for (const [method, url] of [
        ['GET', '/online/cgform/api/no_such_page/list'],
        ['GET', '/online/cgform/api/no_such_page/queryById?id=1'],
        ['POST', '/online/cgform/api/no_such_page/add'],
        ['PUT', '/online/cgform/api/no_such_page/edit'],
        ['DELETE', '/online/cgform/api/no_such_page/delete?id=1'],
        ['GET', '/online/cgform/api/no_such_page/exportXls'],
        ['GET', '/online/cgform/api/no_such_page/detail/x/list'],
      ] as const) {
        const res = await call(t.app, method, `${P}${url}`, { token, body: {} });
        expect(res.body, `${method} ${url}`).toMatchObject({
          success: false,
          code: ResultCode.NOT_FOUND,
          message: MSG_PAGE_MISSING,
        });
      }
    }
  });

  it('still refuses a known page to a caller without its code', async () => {
    const nobody = await login(t.app, 'ref_nobody', 'Nobody#2026');
    const res = await call(t.app, 'GET', `${P}/online/cgform/api/demo_customer/list`, {
      token: nobody,
    });
    expect(res.body).toMatchObject({ success: false, code: ResultCode.NO_PERMISSION });
  });
});

describe('the nl area routes', () => {
  it('answer without a token', async () => {
    for (const url of [`${AREA_URLS.tree}?from=440300&level=3`, `${AREA_URLS.byPid}?pid=0`]) {
      const res = await call<unknown[]>(t.app, 'GET', `${P}${url}`, {});
      expect(res.status, url).toBe(200);
      expect(res.body.result.length, url).toBeGreaterThan(0);
    }
  });
});

describe('superQueryParams', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('with %s inside a value answers 400 naming the field', async (_what, val) => {
    const params = encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'eq', val }]));
    const res = await call(
      t.app,
      'GET',
      `${P}/sys/user/list?superQueryParams=${params}&superQueryMatchType=and`,
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: '参数 superQueryParams.0.val 含有非法字符',
    });
  });
});
