import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { splitCodes } from '../../server/auth/codes';
import { PUBLIC, permission } from '../../server/http/access';
import { ok } from '../../server/http/envelope';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type RouteInfo,
  type TestApp,
} from '../support/test-app';

/** Routes this file adds to its app to exercise the mechanism; not part of the product. */
const TEST_PREFIX = '/system/__test__';
const UNDECLARED = `${TEST_PREFIX}/undeclared`;
const NEEDS_USER_ADD = `${TEST_PREFIX}/needs-user-add`;
const NOBODY_PASSWORD = 'Nobody-pass-31';

let t: TestApp;
let productRoutes: RouteInfo[];
let undeclaredReached = 0;
let nobodyToken: string;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get(UNDECLARED, async () => {
        undeclaredReached++;
        return ok('reached');
      });
      app.get(NEEDS_USER_ADD, { config: { access: permission('user:add') } }, async () =>
        ok('reached'),
      );
      // A public twin, to show the prefix itself is not what refuses.
      app.get(`${TEST_PREFIX}/public`, { config: { access: PUBLIC } }, async () => ok('reached'));
    },
  });
  productRoutes = t.routes.filter(
    (r) => r.url.startsWith('/system/') && !r.url.startsWith(TEST_PREFIX),
  );
  await createUser(t.db, { username: 'nobody', password: NOBODY_PASSWORD, orgCode: 'A01' });
  nobodyToken = await login(t.app, 'nobody', NOBODY_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

function concrete(url: string): string {
  // An online page's routes answer 页面不存在 before any permission for a page that does not
  // exist, so the walk names one that does.
  const page = url.replace('/online/cgform/api/:code/', '/online/cgform/api/demo_customer/');
  return page.replace(/:[A-Za-z]+/g, 'sex');
}

describe('every route declares who may call it', () => {
  it('finds the routes of the app', () => {
    expect(productRoutes.length).toBeGreaterThanOrEqual(13);
    expect(productRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining([API.login, API.logout, API.permissions, API.config]),
    );
  });

  it('each route under /system has a valid access declaration', () => {
    const undeclared = productRoutes.filter((r) => {
      const a = r.access;
      if (!a) return true;
      if (a.kind === 'permission') {
        return !(a.codes.length > 0 && a.codes.every((c) => typeof c === 'string' && c.trim()));
      }
      if (a.kind === 'permission-of') return typeof a.code !== 'function';
      return a.kind !== 'public' && a.kind !== 'signed-in';
    });
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('a user holding no permission code passes public and signed-in routes and is refused on permission routes', async () => {
    // Logout last: it ends the session the walk uses.
    const walk = [...productRoutes].sort(
      (a, b) => Number(a.url === API.logout) - Number(b.url === API.logout),
    );
    const refusedWrongly: string[] = [];
    const passedWrongly: string[] = [];
    for (const route of walk) {
      // The metrics answer this machine in text; another one gets their refusal, in JSON (a
      // 403 of their own, not the token's or a permission's).
      const from = route.url === '/system/metrics' ? { remoteAddress: '192.0.2.10' } : {};
      const res = await call(t.app, route.method, concrete(route.url), {
        token: nobodyToken,
        ...from,
      });
      const outcome = `${route.method} ${route.url} → ${res.status} ${res.body.code} ${res.body.message}`;
      const kind = route.access?.kind;
      if (kind === 'permission' || kind === 'permission-of') {
        const denied =
          res.status === 200 && res.body.code === 510 && res.body.message === MSG_NO_PERMISSION;
        if (!denied) passedWrongly.push(outcome);
      } else if (res.status === 401 || res.body.code === 401 || res.body.code === 510) {
        refusedWrongly.push(outcome);
      }
    }
    expect(refusedWrongly).toEqual([]);
    expect(passedWrongly).toEqual([]);
    expect(walk.length).toBe(productRoutes.length);
  });
});

describe('every code a route requires can be granted', () => {
  it('is the code of a menu or button in the seeded menu, so 角色管理 → 授权 offers it', async () => {
    const rows = await t.db
      .selectFrom('sys_permission')
      .select('perms')
      .where('delFlag', '=', 0)
      .where('perms', 'is not', null)
      .execute();
    const grantable = new Set(rows.flatMap((r) => splitCodes(r.perms)));
    const required = new Set(
      productRoutes.flatMap((r) => (r.access?.kind === 'permission' ? r.access.codes : [])),
    );
    expect(required.size).toBeGreaterThan(10);
    expect([...required].filter((code) => !grantable.has(code)).sort()).toEqual([]);
  });
});

describe('the mechanism', () => {
  it('refuses a route that declares nothing, to anyone, without running it', async () => {
    const admin = await login(t.app, 'admin', DEMO_PASSWORD);
    for (const token of [undefined, admin]) {
      const res = await call(t.app, 'GET', UNDECLARED, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        code: 510,
        message: MSG_NO_PERMISSION,
        result: null,
      });
    }
    expect(undeclaredReached).toBe(0);
    const twin = await call(t.app, 'GET', `${TEST_PREFIX}/public`);
    expect(twin.body).toMatchObject({ success: true, result: 'reached' });
  });

  it('a permission route: admin holds the code, staff and a role-less user do not', async () => {
    const admin = await login(t.app, 'admin', DEMO_PASSWORD);
    const staff = await login(t.app, 'staff', DEMO_PASSWORD);
    const nobody = await login(t.app, 'nobody', NOBODY_PASSWORD);

    const allowed = await call(t.app, 'GET', NEEDS_USER_ADD, { token: admin });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ success: true, result: 'reached' });

    for (const token of [staff, nobody]) {
      const res = await call(t.app, 'GET', NEEDS_USER_ADD, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        code: 510,
        message: MSG_NO_PERMISSION,
        result: null,
      });
    }
    const anonymous = await call(t.app, 'GET', NEEDS_USER_ADD);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
  });

  it('applies the same checks when the path is percent-encoded', async () => {
    // `%73` is `s`: the router decodes it and matches the same route.
    const encoded = (url: string) => url.replace(/^\/system\//, '/%73ystem/');
    const staff = await login(t.app, 'staff', DEMO_PASSWORD);

    const anonymous = await call(t.app, 'GET', encoded(NEEDS_USER_ADD));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 401 });

    const withoutCode = await call(t.app, 'GET', encoded(NEEDS_USER_ADD), { token: staff });
    expect(withoutCode.body).toMatchObject({ success: false, code: 510 });

    const undeclared = await call(t.app, 'GET', encoded(UNDECLARED), { token: staff });
    expect(undeclared.body).toMatchObject({ success: false, code: 510 });

    const signedIn = await call(t.app, 'GET', encoded(API.departs));
    expect(signedIn.status).toBe(401);
    expect(signedIn.body).toMatchObject({ success: false, code: 401 });
    expect(undeclaredReached).toBe(0);
  });
});
