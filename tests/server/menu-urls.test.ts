/** Menus link inside the app (one leading /) or out with http(s) only (issue 11, item 7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MENU_URL } from '../../src/contracts/urls';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const add = (name: string, url: string) =>
  call<string>(t.app, 'POST', '/system/sys/permission/add', {
    token: admin,
    body: { name, menuType: 0, url, component: 'layouts/RouteView' },
  });

const stored = (name: string) =>
  t.db.selectFrom('sys_permission').select('id').where('name', '=', name).executeTakeFirst();

describe('menu urls', () => {
  it.each([
    '//evil.example/x',
    'javascript:alert(1)',
    'data:text/html,x',
    '\\\\evil\\x',
    '/a/../b',
  ])('refuses %s and stores nothing', async (url) => {
    const name = `坏链接${url.length}${url.charCodeAt(1)}`;
    const res = await add(name, url);
    expect(res.body).toMatchObject({ success: false, message: MSG_MENU_URL });
    expect(await stored(name)).toBeUndefined();
  });

  it.each(['/reports/sales', 'https://example.com/help', '{{ window._CONFIG.domainURL }}/doc'])(
    'accepts %s',
    async (url) => {
      const res = await add(`链接${url.length}`, url);
      expect(res.body).toMatchObject({ success: true });
    },
  );
});
