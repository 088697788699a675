import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC } from '../../server/http/access';
import { ok } from '../../server/http/envelope';
import { AppError } from '../../server/http/errors';
import { runListQuery } from '../../server/http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
} from '../../server/http/list-query';
import { call, createTestApp, type TestApp } from '../support/test-app';

/**
 * The list-query translator on a real database: every rule of jeecg-api.md §1.5 (with the
 * operators also accepted without a space), ranges, the advanced query, sorting, paging, LIKE
 * escaping, and injection attempts in every name-like parameter.
 */

const TZ = 'Asia/Shanghai';
const TABLE = 'lq_item';
const ROUTE = '/system/__test__/lq-items';

const ITEM = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    name: { column: 'name', type: 'string' },
    qty: { column: 'qty', type: 'integer' },
    price: { column: 'price', type: 'number' },
    birthday: { column: 'birthday', type: 'date' },
    createTime: { column: 'create_time', type: 'datetime' },
    active: { column: 'active', type: 'boolean' },
    secret: { column: 'secret', type: 'string', filterable: false, sortable: false },
  },
});

// id, name, qty, price, birthday, create_time (UTC), active
const ROWS: readonly (readonly [
  string,
  string,
  number,
  string,
  string | null,
  string,
  boolean | null,
])[] = [
  ['r01', 'apple', 1, '1.50', '2024-01-01', '2024-01-01T02:00:00Z', true], // 01-01 10:00 Shanghai
  ['r02', 'pear', 2, '2.25', '2024-01-02', '2024-01-01T16:30:00Z', false], // 01-02 00:30
  ['r03', 'pineapple', 5, '10.00', '2024-02-29', '2024-01-02T15:59:59.500Z', true], // 01-02 23:59:59.5
  ['r04', '100% juice', 7, '0.99', null, '2024-01-02T16:00:00Z', null], // 01-03 00:00
  ['r05', 'snake_case', 2, '3.00', '2023-12-31', '2024-01-03T00:00:00Z', false],
  ['r06', 'back\\slash', 9, '5.50', '2024-03-01', '2024-01-04T00:00:00Z', true],
  ['r07', '*', 3, '4.00', '2024-03-02', '2024-01-05T00:00:00Z', true],
  ['r08', 'snakeXcase', 4, '4.00', '2024-03-03', '2024-01-06T00:00:00Z', true],
  ['r09', '100X juice', 6, '6.00', '2024-03-04', '2024-01-07T00:00:00Z', false],
  ['r10', 'backslash', 8, '8.00', '2024-03-05', '2024-01-08T00:00:00Z', false],
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get(ROUTE, { config: { access: PUBLIC } }, async (request) => {
        const query = translateListQuery(request.query as ListParams, ITEM, { timeZone: TZ });
        return ok(await runListQuery(t.db, { select: sql`id`, from: sql.table(TABLE) }, query));
      });
    },
  });
  await sql`create table ${sql.table(TABLE)} (
    id varchar(32) primary key, name varchar(100), qty integer, price numeric(10,2),
    birthday date, create_time timestamptz, active boolean, secret varchar(20) default 's')`.execute(
    t.db,
  );
  for (const [id, name, qty, price, birthday, createTime, active] of ROWS) {
    await sql`insert into ${sql.table(TABLE)} (id, name, qty, price, birthday, create_time, active)
      values (${id}, ${name}, ${qty}, ${price}, ${birthday}, ${createTime}, ${active})`.execute(
      t.db,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

function translate(params: ListParams) {
  return translateListQuery(params, ITEM, { timeZone: TZ });
}

async function page(params: ListParams) {
  return runListQuery<{ id: string }>(
    t.db,
    { select: sql`id`, from: sql.table(TABLE) },
    translate({ pageSize: '100', ...params }),
  );
}

/** Matching ids, sorted (order-independent checks). */
async function ids(params: ListParams): Promise<string[]> {
  return (await page(params)).records.map((r) => r.id).sort();
}

/** Matching ids in the answer's order. */
async function ordered(params: ListParams): Promise<string[]> {
  return (await page(params)).records.map((r) => r.id);
}

function refusal(params: ListParams): string {
  try {
    translate(params);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(400);
    return (error as AppError).message;
  }
  throw new Error(`not refused: ${JSON.stringify(params)}`);
}

describe('plain parameters', () => {
  it('equality, and a lone * is equality too', async () => {
    expect(await ids({ name: 'apple' })).toEqual(['r01']);
    expect(await ids({ name: '*' })).toEqual(['r07']);
    expect(await ids({ qty: '2' })).toEqual(['r02', 'r05']);
    expect(await ids({ price: '4' })).toEqual(['r07', 'r08']);
    expect(await ids({ birthday: '2024-02-29' })).toEqual(['r03']);
    expect(await ids({ active: 'true' })).toEqual(['r01', 'r03', 'r06', 'r07', 'r08']);
    expect(await ids({ active: '0' })).toEqual(['r02', 'r05', 'r09', 'r10']);
  });

  it('*x* contains, *x ends with, x* starts with', async () => {
    expect(await ids({ name: '*pp*' })).toEqual(['r01', 'r03']);
    expect(await ids({ name: '*apple' })).toEqual(['r01', 'r03']);
    expect(await ids({ name: 'p*' })).toEqual(['r02', 'r03']);
    expect(await ids({ name: 'pine*' })).toEqual(['r03']);
  });

  it('LIKE values match %, _ and \\ literally', async () => {
    expect(await ids({ name: '*100%*' })).toEqual(['r04']);
    expect(await ids({ name: '*snake_case*' })).toEqual(['r05']);
    expect(await ids({ name: '*back\\slash*' })).toEqual(['r06']);
    expect(await ids({ name: '%' })).toEqual([]);
  });

  it('!x is not equal (with or without =, with or without a space)', async () => {
    const all = ROWS.map((r) => r[0]);
    expect(await ids({ name: '!apple' })).toEqual(all.filter((id) => id !== 'r01'));
    expect(await ids({ qty: '!= 2' })).toEqual(all.filter((id) => !['r02', 'r05'].includes(id)));
  });

  it('comparisons with or without a space after the operator', async () => {
    for (const [value, expected] of [
      ['>=7', ['r04', 'r06', 'r10']],
      ['>= 7', ['r04', 'r06', 'r10']],
      ['>7', ['r06', 'r10']],
      ['> 7', ['r06', 'r10']],
      ['<=2', ['r01', 'r02', 'r05']],
      ['<= 2', ['r01', 'r02', 'r05']],
      ['<2', ['r01']],
      ['< 2', ['r01']],
    ] as const) {
      expect(await ids({ qty: value }), value).toEqual(expected);
    }
    expect(await ids({ price: '>5.5' })).toEqual(['r03', 'r09', 'r10']);
    expect(await ids({ birthday: '<2024-01-02' })).toEqual(['r01', 'r05']);
    expect(await ids({ name: '>=snake' })).toEqual(['r05', 'r08']);
  });

  it('a,b,c is IN (empty items dropped); ,a,b, is contains-any on text', async () => {
    expect(await ids({ name: 'apple,pear' })).toEqual(['r01', 'r02']);
    expect(await ids({ name: 'apple,pear,' })).toEqual(['r01', 'r02']);
    expect(await ids({ qty: '1,9' })).toEqual(['r01', 'r06']);
    expect(await ids({ name: ',pine,juice,' })).toEqual(['r03', 'r04', 'r09']);
    expect(await ids({ qty: ',1,9,' })).toEqual(['r01', 'r06']);
  });

  it('a datetime value covers the second, minute or day it names (APP_TIMEZONE)', async () => {
    expect(await ids({ createTime: '2024-01-02' })).toEqual(['r02', 'r03']);
    expect(await ids({ createTime: '2024-01-01 10:00:00' })).toEqual(['r01']);
    expect(await ids({ createTime: '2024-01-01 10:00' })).toEqual(['r01']);
    expect(await ids({ createTime: '2024-01-02 23:59:59' })).toEqual(['r03']);
    expect(await ids({ createTime: '>2024-01-02 23:59:59' }).then((r) => r[0])).toBe('r04');
    expect(await ids({ createTime: '<=2024-01-02' })).toEqual(['r01', 'r02', 'r03']);
  });

  it('ignores empty values and the reserved parameters', async () => {
    const all = ROWS.map((r) => r[0]);
    expect(await ids({ name: '', qty: '  ', price: '>=' })).toEqual(all);
    expect(
      await ids({
        _t: '1',
        field: 'id,,,name',
        token: 'x',
        selections: 'r01',
        column: '',
        order: '',
      }),
    ).toEqual(all);
  });

  it('a string value is a parameter, never SQL text', async () => {
    const injected = "x' or '1'='1";
    expect(await ids({ name: injected })).toEqual([]);
    const q = translate({ name: injected, qty: '1' });
    const compiled = sql`select 1 where ${q.where}`.compile(t.db);
    expect(compiled.sql).not.toContain("'1'='1");
    expect(compiled.parameters).toContain(injected);
  });

  it('refuses malformed numbers, dates, booleans and text operators on other types', () => {
    expect(refusal({ qty: 'abc' })).toBe('查询条件“qty”的值不是有效的整数：abc');
    expect(refusal({ qty: '1.5' })).toBe('查询条件“qty”的值不是有效的整数：1.5');
    expect(refusal({ qty: '99999999999999999999' })).toContain('不是有效的整数');
    expect(refusal({ price: '1.2.3' })).toBe('查询条件“price”的值不是有效的数字：1.2.3');
    expect(refusal({ price: 'NaN' })).toContain('不是有效的数字');
    expect(refusal({ birthday: '2024-02-30' })).toBe(
      '查询条件“birthday”的值不是有效的日期（yyyy-MM-dd）：2024-02-30',
    );
    expect(refusal({ createTime: 'yesterday' })).toContain('不是有效的日期时间');
    expect(refusal({ createTime: '2024-01-01 24:00:00' })).toContain('不是有效的日期时间');
    expect(refusal({ active: 'maybe' })).toBe(
      '查询条件“active”的值不是有效的布尔值（true/false）：maybe',
    );
    expect(refusal({ qty: '*5*' })).toBe('查询条件“qty”不是文本字段，不能模糊查询');
    expect(refusal({ price: '1*' })).toContain('不能模糊查询');
    expect(refusal({ qty: 'x'.repeat(200) })).toMatch(/：x{64}…$/);
  });
});

describe('_begin / _end', () => {
  it('are >= and <=', async () => {
    expect(await ids({ qty_begin: '2', qty_end: '5' })).toEqual([
      'r02',
      'r03',
      'r05',
      'r07',
      'r08',
    ]);
    expect(await ids({ price_begin: '5.5' })).toEqual(['r03', 'r06', 'r09', 'r10']);
    expect(await ids({ birthday_end: '2024-01-01' })).toEqual(['r01', 'r05']);
  });

  it('a date on a datetime field runs from 00:00:00 to the end of 23:59:59 in APP_TIMEZONE', async () => {
    expect(await ids({ createTime_begin: '2024-01-02', createTime_end: '2024-01-02' })).toEqual([
      'r02',
      'r03',
    ]);
    expect(
      await ids({ createTime_begin: '2024-01-01 10:00:00', createTime_end: '2024-01-02 00:30:00' }),
    ).toEqual(['r01', 'r02']);
  });

  it('ignores empty bounds and refuses malformed ones', async () => {
    expect((await ids({ qty_begin: '', qty_end: '' })).length).toBe(ROWS.length);
    expect(refusal({ createTime_begin: '2024/01/01' })).toContain('不是有效的日期时间');
  });
});

function superQuery(conditions: unknown[], matchType?: string): ListParams {
  return {
    superQueryParams: encodeURI(JSON.stringify(conditions)),
    ...(matchType ? { superQueryMatchType: matchType } : {}),
  };
}

describe('superQueryParams', () => {
  it('applies every rule', async () => {
    const cases: [string, string, unknown, string[]][] = [
      ['name', 'eq', 'pear', ['r02']],
      ['qty', 'ne', 2, ['r01', 'r03', 'r04', 'r06', 'r07', 'r08', 'r09', 'r10']],
      ['qty', 'gt', '7', ['r06', 'r10']],
      ['qty', 'ge', '7', ['r04', 'r06', 'r10']],
      ['price', 'lt', '1.5', ['r04']],
      ['price', 'le', '1.5', ['r01', 'r04']],
      ['name', 'in', 'apple,pear', ['r01', 'r02']],
      ['qty', 'in', [1, 9], ['r01', 'r06']],
      // A JSON list already separates its items: a comma inside one is text.
      ['name', 'in', ['apple,pear'], []],
      ['name', 'like', '_', ['r05']],
      ['name', 'left_like', 'apple', ['r01', 'r03']],
      ['name', 'right_like', 'back', ['r06', 'r10']],
      ['createTime', 'eq', '2024-01-02', ['r02', 'r03']],
      ['birthday', 'ge', '2024-03-04', ['r09', 'r10']],
      ['active', 'eq', false, ['r02', 'r05', 'r09', 'r10']],
    ];
    for (const [field, rule, val, expected] of cases) {
      const params = superQuery([{ field, rule, val, type: 'string', dbType: 'string' }]);
      expect(await ids(params), `${field} ${rule}`).toEqual(expected);
    }
  });

  it('and by default, or on request, in one group beside the plain filters', async () => {
    const conditions = [
      { field: 'qty', rule: 'eq', val: '1' },
      { field: 'qty', rule: 'eq', val: '2' },
    ];
    expect(await ids(superQuery(conditions))).toEqual([]);
    expect(await ids(superQuery(conditions, 'and'))).toEqual([]);
    expect(await ids(superQuery(conditions, 'or'))).toEqual(['r01', 'r02', 'r05']);
    // name=pear AND (qty=1 OR qty=2): the group never mixes with the plain filter
    expect(await ids({ name: 'pear', ...superQuery(conditions, 'or') })).toEqual(['r02']);
  });

  it('accepts plain JSON and doubly encoded JSON; skips empty conditions', async () => {
    const list = [{ field: 'name', rule: 'eq', val: 'apple' }];
    expect(await ids({ superQueryParams: JSON.stringify(list) })).toEqual(['r01']);
    expect(await ids({ superQueryParams: encodeURIComponent(JSON.stringify(list)) })).toEqual([
      'r01',
    ]);
    const empty = superQuery([
      { field: 'name', rule: 'eq', val: '' },
      { field: 'qty', rule: 'in', val: [] },
    ]);
    expect((await ids(empty)).length).toBe(ROWS.length);
  });

  it('refuses bad JSON, rules, match types, values and text rules on other types', () => {
    expect(refusal({ superQueryParams: '{nope' })).toBe('高级查询参数格式错误');
    expect(refusal({ superQueryParams: '{"field":"name"}' })).toBe('高级查询参数格式错误');
    expect(refusal(superQuery([{ field: 'name', rule: 'eq', val: { $ne: 1 } }]))).toBe(
      '高级查询参数格式错误',
    );
    expect(refusal(superQuery([{ field: 'name', rule: 'regex', val: 'a' }]))).toBe(
      '不支持的查询规则：regex',
    );
    expect(refusal(superQuery([{ field: 'qty', rule: 'like', val: '1' }]))).toBe(
      '查询条件“qty”不是文本字段，不能模糊查询',
    );
    expect(refusal(superQuery([{ field: 'qty', rule: 'eq', val: '1' }], 'xor'))).toBe(
      'superQueryMatchType 只能是 and 或 or',
    );
    expect(refusal(superQuery(Array(51).fill({ field: 'qty', rule: 'eq', val: '1' })))).toContain(
      '高级查询条件过多',
    );
  });
});

describe('sorting', () => {
  it('column + order, several columns, the _dictText suffix, id as the tie-breaker', async () => {
    expect(await ordered({ column: 'qty', order: 'asc' })).toEqual([
      'r01',
      'r02',
      'r05',
      'r07',
      'r08',
      'r03',
      'r09',
      'r04',
      'r10',
      'r06',
    ]);
    expect((await ordered({ column: 'qty', order: 'desc' }))[0]).toBe('r06');
    expect((await ordered({ column: 'qty_dictText', order: 'ASC' }))[0]).toBe('r01');
    expect(await ordered({ column: 'price,qty', order: 'asc', qty: '2,4,3' })).toEqual([
      'r02',
      'r05',
      'r07',
      'r08',
    ]);
    // equal price 4.00 (r07, r08): the key decides, in the sort's direction
    expect(await ordered({ column: 'price', order: 'desc', price: '4' })).toEqual(['r08', 'r07']);
  });

  it('defaults to createTime desc', async () => {
    expect(await ordered({})).toEqual(ROWS.map((r) => r[0]).reverse());
  });

  it('refuses unknown and unsortable columns', () => {
    expect(refusal({ column: 'nope' })).toBe('未知的查询字段：nope');
    expect(refusal({ column: 'secret' })).toBe('不能按字段“secret”排序');
  });
});

describe('paging', () => {
  it('pageNo and pageSize, the page shape, defaults and the cap', async () => {
    const second = await runListQuery(
      t.db,
      { select: sql`id`, from: sql.table(TABLE) },
      translate({ pageNo: '2', pageSize: '3', column: 'id', order: 'asc' }),
    );
    expect(second).toEqual({
      records: [{ id: 'r04' }, { id: 'r05' }, { id: 'r06' }],
      total: 10,
      size: 3,
      current: 2,
      pages: 4,
    });
    expect(translate({})).toMatchObject({ pageNo: 1, pageSize: 10, offset: 0 });
    expect(translate({ pageNo: 'x', pageSize: '-3' })).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(translate({ pageSize: '5000' }).pageSize).toBe(1000);
    const beyond = await page({ pageNo: '9', pageSize: '5' });
    expect(beyond).toMatchObject({ records: [], total: 10, current: 9 });
  });
});

const HOSTILE_NAMES = [
  'id;drop table lq_item',
  '"x" or 1=1',
  'name" or "1"="1',
  '__proto__',
  'constructor',
  'toString',
  '"name"',
  'lq_item.name',
  'NAME',
  'name--',
  'x'.repeat(100),
];

describe('names come only from the entity', () => {
  function expectUnknown(message: string, name: string) {
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    expect(message).toBe(`未知的查询字段：${shown}`);
  }

  it('refuses unknown names in plain parameters, ranges, sorting and the advanced query', () => {
    for (const name of HOSTILE_NAMES) {
      expectUnknown(refusal({ [name]: '1' }), name);
      expectUnknown(refusal({ [`${name}_begin`]: '1' }), `${name}_begin`);
      expectUnknown(refusal({ [`${name}_end`]: '1' }), `${name}_end`);
      expectUnknown(refusal({ column: name, order: 'asc' }), name);
      expectUnknown(refusal(superQuery([{ field: name, rule: 'eq', val: '1' }])), name);
    }
    // a field the entity keeps out of filters is as unknown as a missing one
    expectUnknown(refusal({ secret: 's' }), 'secret');
    expectUnknown(refusal(superQuery([{ field: 'secret', rule: 'eq', val: 's' }])), 'secret');
  });

  it('refuses hostile rules and types in the advanced query', () => {
    expect(refusal(superQuery([{ field: 'name', rule: "eq' or 1=1 --", val: 'a' }]))).toBe(
      "不支持的查询规则：eq' or 1=1 --",
    );
    expect(refusal(superQuery([{ field: 'name', rule: '__proto__', val: 'a' }]))).toBe(
      '不支持的查询规则：__proto__',
    );
    expect(
      refusal(superQuery([{ field: 'name', rule: 'eq', val: 'a', type: 'date); drop' }])),
    ).toBe('不支持的字段类型：date); drop');
    expect(refusal(superQuery([{ field: 'name', rule: 'eq', val: 'a', dbType: '"int"' }]))).toBe(
      '不支持的字段类型："int"',
    );
    expect(refusal({ ...superQuery([]), superQueryMatchType: 'or 1=1' })).toBe(
      'superQueryMatchType 只能是 and 或 or',
    );
  });

  it('over HTTP: 400 with the message only, no stack trace or SQL, and the table intact', async () => {
    const attempts: Record<string, string>[] = [
      { 'id;drop table lq_item': '1' },
      { '"x" or 1=1_begin': '1' },
      { column: 'name;drop table lq_item' },
      { column: '__proto__' },
      { superQueryParams: JSON.stringify([{ field: '"x" or 1=1', rule: 'eq', val: '1' }]) },
      { superQueryParams: JSON.stringify([{ field: 'name', rule: 'eq;drop', val: '1' }]) },
      { superQueryParams: JSON.stringify([{ field: 'name', rule: 'eq', val: '1', type: "'x'" }]) },
    ];
    for (const query of attempts) {
      const res = await call(t.app, 'GET', ROUTE, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400, result: null });
      expect(res.body.message).toMatch(/^(未知的查询字段|不支持的查询规则|不支持的字段类型)：/);
      expect(Object.keys(res.body).sort()).toEqual([
        'code',
        'message',
        'result',
        'success',
        'timestamp',
      ]);
      expect(res.body.message).not.toMatch(/\n|\bat \S+ \(|\.ts:\d+|\bselect\b|\bwhere\b|\$\d/i);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from lq_item`.execute(t.db);
    expect(rows[0]!.n).toBe(ROWS.length);
    const fine = await call<{ total: number }>(t.app, 'GET', ROUTE, { query: { name: '*pp*' } });
    expect(fine.body).toMatchObject({ success: true, result: { total: 2 } });
  });

  it('rejects unsafe entity descriptions at definition time', () => {
    expect(() =>
      defineListEntity({ fields: { x: { column: 'x; drop', type: 'string' } }, key: 'x' }),
    ).toThrow('bad column');
    expect(() => defineListEntity({ fields: { 'a b': { column: 'a', type: 'string' } } })).toThrow(
      'bad field name',
    );
    expect(() => defineListEntity({ fields: { a: { column: 'a', type: 'string' } } })).toThrow(
      'no default sort',
    );
  });
});
