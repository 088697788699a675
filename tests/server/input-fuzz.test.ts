import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_INTERNAL } from '../../server/http/error-handling';
import {
  DEMO_PASSWORD,
  createTestApp,
  login,
  signHeaders,
  type RouteInfo,
  type TestApp,
} from '../support/test-app';

/**
 * Every registered API route, signed in as admin, meets NUL and lone surrogates in its path
 * parameters, query values and keys, JSON body values and keys: the answer is a 400 naming
 * the field or an ordinary answer, never a 5xx.
 */

let t: TestApp;
let admin: string;
let routes: RouteInfo[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  routes = t.routes.filter((r) => r.url.startsWith('/system/') && r.url !== '/system/vxeSocket');
});
afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = '\udc00';

/** Names routes commonly read, so the bad text reaches whatever each route looks at. */
const NAMES = [
  'id',
  'ids',
  'code',
  'name',
  'username',
  'realname',
  'password',
  'roleCode',
  'roleName',
  'dictCode',
  'itemText',
  'itemValue',
  'orgCode',
  'departName',
  'parentId',
  'pid',
  'tableName',
  'fieldName',
  'fieldVal',
  'dataId',
  'keyword',
  'text',
  'title',
  'column',
  'order',
  'superQueryParams',
  'field',
  'userId',
  'roleId',
  'depId',
];

function filled(value: string): Record<string, string> {
  return Object.fromEntries(NAMES.map((name) => [name, value]));
}

interface Probe {
  readonly label: string;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  /** Replaces the path parameters (default: an ordinary value). */
  readonly param?: string;
}

const PARAM = /:[A-Za-z_]+(\([^)]*\))?|\*$/g;

/** Path parameters (`:name`, `:name(regex)`, `*`) replaced by `value`, URL-encoded. */
function concrete(url: string, value: string): string {
  return url.replace(PARAM, encodeURIComponent(value));
}

function probesFor(route: RouteInfo): Probe[] {
  const { method } = route;
  const probes: Probe[] = [
    { label: 'NUL in query values', query: filled(NUL) },
    { label: 'NUL in a query key', query: { [`id${NUL}`]: '1' } },
  ];
  if (concrete(route.url, '') !== route.url)
    probes.push({ label: 'NUL in path parameters', param: NUL });
  if (method === 'GET') {
    // What a lone surrogate looks like in a URL: its UTF-8 form is not valid UTF-8 and stays
    // percent-encoded text (ordinary input, answered normally).
    probes.push({ label: 'surrogate bytes in the query', query: { id: '%ED%A0%80' } });
  }
  if (method !== 'GET') {
    probes.push(
      { label: 'NUL in body values', body: filled(NUL) },
      { label: 'high surrogate in body values', body: filled(HIGH) },
      { label: 'low surrogate in body values', body: filled(LOW) },
      { label: 'NUL in a body key', body: { [`name${NUL}`]: 'x', id: '1' } },
      { label: 'surrogate in a body key', body: { [`name${HIGH}`]: 'x', id: '1' } },
      { label: 'surrogate deep in the body', body: { id: '1', list: [{ name: ['x', LOW] }] } },
      { label: 'NUL in an array body', body: [NUL] },
    );
  }
  return probes;
}

async function send(route: RouteInfo, probe: Probe) {
  const path = concrete(route.url, probe.param ?? 'x1');
  const search = probe.query ? `?${new URLSearchParams(probe.query).toString()}` : '';
  const url = `${path}${search}`;
  const headers: Record<string, string> = { 'x-access-token': admin };
  if (route.signed) Object.assign(headers, signHeaders(url, { body: probe.body }));
  const response = await t.app.inject({
    method: route.method,
    url,
    headers,
    ...(probe.body !== undefined ? { payload: probe.body as object } : {}),
  });
  return { url, status: response.statusCode, text: response.body };
}

describe('every route refuses illegal text without a server error', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.some((r) => r.signed)).toBe(true);
    expect(routes.some((r) => r.url.includes(':'))).toBe(true);
  });

  it('answers 400 naming the field, or normally; never 5xx', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes) {
      for (const probe of probesFor(route)) {
        let { url, status, text } = await send(route, probe);
        if (status === 401 && route.access?.kind !== 'public') {
          // A probe that reached logout (or a password change) ended the session: sign in again.
          admin = await login(t.app, 'admin', DEMO_PASSWORD);
          ({ url, status, text } = await send(route, probe));
        }
        if (status >= 500 || text.includes(MSG_INTERNAL)) {
          failures.push(`${route.method} ${url} (${probe.label}): ${status} ${text.slice(0, 120)}`);
          continue;
        }
        if (status === 400 && text.includes('含有非法字符')) refused++;
      }
    }
    expect(failures).toEqual([]);
    // The bad text is refused before any route looks at it (not answered normally by luck).
    expect(refused).toBeGreaterThan(routes.length * 2);
  });
});
