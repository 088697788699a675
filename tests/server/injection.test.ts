import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * Every GET route of the app, called by the admin (who passes every permission check) with
 * injection attempts in every name-like parameter a list or lookup reads: sort column and
 * order, filter names, advanced-query fields, path parameters. Each answer must be a clean
 * refusal or a normal answer — never an internal error, a stack trace or SQL text — and the
 * data must be intact afterwards. Screens test their own special parameters beside this.
 */

const ATTACKS = [
  'username;drop table sys_user--',
  "' or '1'='1",
  'id) union select password from sys_user--',
];

/** GET routes that are not reads of data (downloads of stored files, sockets, logout). */
const SKIP = [/\/sys\/common\/static\//, /\/websocket/, /\/vxeSocket/];

let t: TestApp;
let token: string;
let usersBefore: number;

async function userCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(
    t.db.withoutPlugins(),
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'admin', DEMO_PASSWORD);
  usersBefore = await userCount();
});
afterAll(async () => {
  await t?.close();
});

function concrete(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(value)).replace(/\*$/, '');
}

function queries(attack: string): Record<string, string>[] {
  return [
    { column: attack, order: 'desc' },
    { column: 'createTime', order: attack },
    { [attack]: '1' },
    { 'username_begin;--': '1' },
    {
      superQueryParams: encodeURIComponent(
        JSON.stringify([{ field: attack, rule: 'eq', val: '1' }]),
      ),
    },
    {
      superQueryParams: encodeURIComponent(
        JSON.stringify([{ field: 'id', rule: attack, val: attack }]),
      ),
    },
    { pid: attack, id: attack, keyWord: attack, field: attack, val: attack, code: attack },
  ];
}

describe('injection attempts in name-like parameters', () => {
  it('are answered cleanly on every GET route', async () => {
    const routes = t.routes.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith('/system/') &&
        r.url !== API.logout &&
        !SKIP.some((p) => p.test(r.url)),
    );
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      for (const attack of ATTACKS) {
        for (const query of queries(attack)) {
          const res = await t.app.inject({
            method: 'GET',
            url: concrete(route.url, attack),
            query,
            headers: { 'x-access-token': token },
          });
          const where = `${route.url} ${JSON.stringify(query)} → ${res.statusCode}`;
          if (res.statusCode >= 500) problems.push(`${where}: ${res.body.slice(0, 200)}`);
          // The refusal may quote the attacker's own text; what must not appear is ours.
          const body = res.headers['content-type']?.toString().includes('json') ? res.body : '';
          const text = body.split(JSON.stringify(attack).slice(1, -1)).join('');
          if (/\n\s+at |syntax error|relation "|select .* from /i.test(text)) {
            problems.push(`${where}: leaks ${text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await userCount()).toBe(usersBefore);
  }, 120_000);

  it('leave the session usable', async () => {
    const res = await call(t.app, 'GET', API.userInfo, { token });
    expect(res.body).toMatchObject({ success: true });
  });
});
