import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { onlineUrl, setUpOnlineApp, type OnlineApp } from '../support/online-fixtures';
import { call } from '../support/test-app';

/**
 * The advanced query end to end on an online page's list (widgets.md §2.9, jeecg-api.md §1.5
 * rule 5): what the builder sends — `superQueryParams` = encodeURI(JSON) and
 * `superQueryMatchType` — through the real app, together with a plain filter.
 */

type Rec = Record<string, unknown>;
let o: OnlineApp;
const LIST = onlineUrl('test_order', 'list');

const ORDERS = [
  { orderNo: 'SQ-1', customer: '甲公司', priority: 'high', amount: 10, orderDate: '2024-01-10' },
  { orderNo: 'SQ-2', customer: '甲公司', priority: 'low', amount: 20, orderDate: '2024-02-10' },
  { orderNo: 'SQ-3', customer: '乙公司', priority: 'high', amount: 30, orderDate: '2024-03-10' },
  { orderNo: 'SQ-4', customer: '丙工厂', priority: 'low', amount: 40, orderDate: '2024-04-10' },
];

beforeAll(async () => {
  o = await setUpOnlineApp();
  for (const body of ORDERS) {
    const res = await call(o.t.app, 'POST', onlineUrl('test_order', 'add'), {
      token: o.manager,
      body,
    });
    expect(res.body.success, res.body.message).toBe(true);
  }
});
afterAll(async () => {
  await o?.close();
});

interface Condition {
  readonly field: string;
  readonly rule: string;
  readonly val: unknown;
  readonly type?: string;
  readonly dbType?: string;
}

/** What the builder sends (model.ts superQueryParams). */
function superQuery(conditions: readonly Condition[], matchType?: 'and' | 'or') {
  return {
    superQueryParams: encodeURI(JSON.stringify(conditions)),
    ...(matchType ? { superQueryMatchType: matchType } : {}),
  };
}

async function orderNos(query: Record<string, string>): Promise<string[]> {
  const res = await call<Page<Rec>>(o.t.app, 'GET', LIST, {
    token: o.manager,
    query: { pageSize: '50', column: 'orderNo', order: 'asc', ...query },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result.records.map((r) => String(r.orderNo));
}

const HIGH: Condition = { field: 'priority', rule: 'eq', val: 'high', type: 'string' };
const JIA: Condition = { field: 'customer', rule: 'like', val: '甲', type: 'string' };

describe('advanced query on an online list', () => {
  it.each([
    ['and', ['SQ-1']],
    ['or', ['SQ-1', 'SQ-2', 'SQ-3']],
  ] as const)('two conditions joined by %s', async (matchType, expected) => {
    expect(await orderNos(superQuery([HIGH, JIA], matchType))).toEqual(expected);
  });

  it('joins by and when no match type is sent', async () => {
    expect(await orderNos(superQuery([HIGH, JIA]))).toEqual(['SQ-1']);
  });

  it('keeps the plain filters outside the group: plain and (a or b)', async () => {
    const query = { ...superQuery([HIGH, JIA], 'or'), customer: '乙公司' };
    expect(await orderNos(query)).toEqual(['SQ-3']);
  });

  it.each<[string, Condition, string[]]>([
    ['right_like (starts with)', { field: 'customer', rule: 'right_like', val: '丙' }, ['SQ-4']],
    ['left_like (ends with)', { field: 'customer', rule: 'left_like', val: '工厂' }, ['SQ-4']],
    ['ne', { field: 'priority', rule: 'ne', val: 'high' }, ['SQ-2', 'SQ-4']],
    [
      'in, a picked list',
      { field: 'orderNo', rule: 'in', val: ['SQ-1', 'SQ-4'] },
      ['SQ-1', 'SQ-4'],
    ],
    ['in, comma text', { field: 'orderNo', rule: 'in', val: 'SQ-2,SQ-3' }, ['SQ-2', 'SQ-3']],
    [
      'gt on a number',
      { field: 'amount', rule: 'gt', val: 20, type: 'number', dbType: 'double' },
      ['SQ-3', 'SQ-4'],
    ],
    ['le on a number', { field: 'amount', rule: 'le', val: 20, type: 'number' }, ['SQ-1', 'SQ-2']],
    [
      'ge on a date',
      { field: 'orderDate', rule: 'ge', val: '2024-03-10', type: 'date' },
      ['SQ-3', 'SQ-4'],
    ],
    ['lt on a date', { field: 'orderDate', rule: 'lt', val: '2024-02-10', type: 'date' }, ['SQ-1']],
  ])('%s', async (_name, condition, expected) => {
    expect(await orderNos(superQuery([condition]))).toEqual(expected);
  });

  it('treats a value as data, never as SQL', async () => {
    const condition = { field: 'customer', rule: 'eq', val: "甲公司' or '1'='1" };
    expect(await orderNos(superQuery([condition]))).toEqual([]);
  });

  it.each(['unknownField', 'customer; drop table test_order', 'create_time'])(
    'refuses an unknown field: %s',
    async (field) => {
      const res = await call(o.t.app, 'GET', LIST, {
        token: o.manager,
        query: superQuery([{ field, rule: 'eq', val: 'x' }]),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false });
      expect(res.body.message).toContain('未知的查询字段');
      // The envelope's message only: no SQL text, no stack.
      expect(res.text).not.toMatch(/select |\.ts:|stack/i);
    },
  );

  it('refuses an unknown rule and a bad match type with a clear message', async () => {
    const badRule = await call(o.t.app, 'GET', LIST, {
      token: o.manager,
      query: superQuery([{ field: 'customer', rule: 'between', val: 'x' }]),
    });
    expect(badRule.status).toBe(400);
    expect(badRule.body.message).toBe('不支持的查询规则：between');
    const badMatch = await call(o.t.app, 'GET', LIST, {
      token: o.manager,
      query: superQuery([HIGH], 'xor' as 'and'),
    });
    expect(badMatch.status).toBe(400);
    expect(badMatch.body.message).toBe('superQueryMatchType 只能是 and 或 or');
  });
});
