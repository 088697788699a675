/** The OpenAPI 3.1 document lists every route with the permission it needs (issue 11, item 3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { describeAccess } from '../../server/http/access';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type RouteInfo,
  type TestApp,
} from '../support/test-app';

interface Operation {
  readonly 'x-permission'?: string;
  readonly parameters?: readonly { readonly name: string; readonly in: string }[];
  readonly requestBody?: unknown;
}
interface Document {
  readonly openapi: string;
  readonly info: { readonly title: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
}

const DOC = '/system/openapi.json';
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function document(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: DOC, headers: { 'X-Access-Token': admin } });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

/** Fastify's `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /system/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every API route, each with who may call it', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const api = t.routes.filter((r: RouteInfo) => r.url.startsWith('/system/') && r.url !== DOC);
    expect(api.length).toBeGreaterThan(150);
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const route of api) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      if (operation['x-permission'] !== describeAccess(route.access)) {
        wrong.push(`${route.method} ${route.url}: ${operation['x-permission']}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('documents parameters and bodies from the schemas requests are validated with', async () => {
    const doc = await document();
    const byId = doc.paths['/system/sys/position/queryById']?.get;
    expect(byId?.['x-permission']).toBe('position:list');
    expect(byId?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'query' })]),
    );
    expect(doc.paths['/system/sys/user/updatePassword']?.post?.requestBody).toBeTruthy();
    expect(doc.paths['/system/online/cgform/api/{code}/add']?.post?.['x-permission']).toBe(
      'online:{code}:add',
    );
    expect(doc.paths['/system/module/default/member/admin/nl/login']?.post?.['x-permission']).toBe(
      'public',
    );
  });

  it('needs system:openapi, which 管理员 holds and 普通员工 does not', async () => {
    const refused = await call<unknown>(t.app, 'GET', DOC, { token: staff });
    expect(refused.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
    const anonymous = await t.app.inject({ method: 'GET', url: DOC });
    expect(anonymous.statusCode).toBe(401);
  });
});
