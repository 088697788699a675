import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictMap } from '../../src/contracts/dict';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function allDicts(): Promise<DictMap> {
  const res = await call<DictMap>(t.app, 'GET', API.allDictItems, { token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, code: 200 });
  return res.body.result;
}

describe('queryAllDictItems', () => {
  it('holds the dictionaries the system screens need, as {value, text, title} items', async () => {
    const dicts = await allDicts();
    for (const code of ['sex', 'user_status', 'priority', 'msg_category', 'yn']) {
      const items = dicts[code];
      expect(items, code).toBeDefined();
      expect(items!.length, code).toBeGreaterThan(0);
      for (const item of items!) {
        expect(Object.keys(item).sort()).toEqual(['text', 'title', 'value']);
        expect(typeof item.value).toBe('string');
        expect(typeof item.text).toBe('string');
        expect(item.title).toBe(item.text);
      }
    }
    expect(dicts.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    expect(dicts.user_status!.map((i) => [i.value, i.text])).toEqual([
      ['1', '正常'],
      ['2', '冻结'],
    ]);
    expect(dicts.priority!.map((i) => i.value)).toEqual(['H', 'M', 'L']);
    expect(dicts.yn!.map((i) => [i.value, i.text])).toEqual([
      ['1', '是'],
      ['0', '否'],
    ]);
  });
});

describe('refleshCache', () => {
  it('answers success and makes a changed dictionary visible', async () => {
    expect((await allDicts()).priority!.find((i) => i.value === 'H')!.text).toBe('高');
    const dict = await t.db
      .selectFrom('sys_dict')
      .select('id')
      .where('dictCode', '=', 'priority')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sys_dict_item')
      .set({ itemText: '最高' })
      .where('dictId', '=', dict.id)
      .where('itemValue', '=', 'H')
      .execute();

    const res = await call(t.app, 'GET', API.refreshDicts, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.message.length).toBeGreaterThan(0);

    const after = (await allDicts()).priority!.find((i) => i.value === 'H')!;
    expect(after).toEqual({ value: 'H', text: '最高', title: '最高' });
  });
});
