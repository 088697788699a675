import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * The position picker's routes: any signed-in user (staff holds no position:* code) lists
 * positions with only the picker's fields, and looks names up by codes.
 */

const P = '/system/sys/position';
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  for (const [code, name] of [
    ['pk_dev', '拣选开发'],
    ['pk_test', '拣选测试'],
    ['pk_ops', '运维工程'],
  ]) {
    const res = await call(t.app, 'POST', `${P}/add`, {
      token: admin,
      body: { code, name, postRank: '1' },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('position picker routes', () => {
  it('lists positions for a signed-in user without position:list, picker fields only', async () => {
    expect((await call(t.app, 'GET', `${P}/list`, { token: staff })).body.code).toBe(510);
    const res = await call<Page<Record<string, unknown>>>(t.app, 'GET', `${P}/queryPickerList`, {
      token: staff,
      query: { name: '拣选', pageNo: '1', pageSize: '5', column: 'createTime', order: 'desc' },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.total).toBe(2);
    const codes = res.body.result.records.map((r) => r.code).sort();
    expect(codes).toEqual(['pk_dev', 'pk_test']);
    for (const r of res.body.result.records) {
      expect(Object.keys(r).sort()).toEqual(['code', 'id', 'name', 'rank_dictText']);
    }
  });

  it('needs a sign-in', async () => {
    const res = await call(t.app, 'GET', `${P}/queryPickerList`, {});
    expect(res.status).toBe(401);
    const names = await call(t.app, 'GET', `${P}/queryByCodes`, { query: { codes: 'pk_dev' } });
    expect(names.status).toBe(401);
  });

  it('names held codes; unknown codes are left out; a bad list is refused', async () => {
    const res = await call<{ code: string; name: string }[]>(t.app, 'GET', `${P}/queryByCodes`, {
      token: staff,
      query: { codes: 'pk_ops,nope,pk_dev,' },
    });
    expect(res.body.result).toEqual([
      { code: 'pk_dev', name: '拣选开发' },
      { code: 'pk_ops', name: '运维工程' },
    ]);
    const bad = await call(t.app, 'GET', `${P}/queryByCodes`, {
      token: staff,
      query: { codes: ' , ' },
    });
    expect(bad.body).toMatchObject({ success: false, message: '参数 codes 不正确' });
  });
});
