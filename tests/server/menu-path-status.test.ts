import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuPathStatus } from '../../src/contracts/permission';
import type { UserInfo } from '../../src/contracts/session';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

const STATUS = '/system/sys/permission/menuPathStatus';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function statusOf(path: string, token: string | null = staff) {
  return call<MenuPathStatus>(t.app, 'GET', `${STATUS}?path=${encodeURIComponent(path)}`, {
    ...(token ? { token } : {}),
  });
}

describe('menu path status (403 or 404 in the shell)', () => {
  it('knows a screen of the menu the caller does not hold', async () => {
    const res = await statusOf('/isystem/role');
    expect(res.body).toMatchObject({ success: true, result: { known: true } });
    expect(Object.keys(res.body.result)).toEqual(['known']);
  });

  it('reads the path without its query, hash or trailing slash', async () => {
    expect((await statusOf('/lowcode/page/?code=x#top')).body.result).toEqual({ known: true });
  });

  it('does not know a path no menu has, nor a button code', async () => {
    expect((await statusOf('/isystem/nothing')).body.result).toEqual({ known: false });
    expect((await statusOf('user:add')).body.result).toEqual({ known: false });
  });

  it('answers only a signed-in caller', async () => {
    const res = await statusOf('/isystem/role', null);
    expect(res.body.success).toBe(false);
    expect(res.body.result).toBeFalsy();
  });

  it('refuses a missing path', async () => {
    const res = await call(t.app, 'GET', STATUS, { token: staff });
    expect(res.body.success).toBe(false);
  });
});

describe('user info', () => {
  it("names the user's positions, not their codes", async () => {
    const info = await call<UserInfo>(t.app, 'GET', API.userInfo, { token: staff });
    expect(info.body.result).toMatchObject({ post: 'zhuanyuan', postText: '专员' });
  });
});
