import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictMap } from '../../src/contracts/dict';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signHeaders,
  type TestApp,
} from '../support/test-app';

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

// ---------------------------------------------------------------------------------------------
// 数据字典 screen: dictionaries and items

interface Page<T> {
  readonly records: readonly T[];
  readonly total: number;
}
interface DictRecord {
  readonly id: string;
  readonly dictCode: string;
  readonly dictName: string;
}
interface ItemRecord {
  readonly id: string;
  readonly itemValue: string;
  readonly itemText: string;
  readonly status: number;
  readonly sortOrder: number;
}

const D = '/system/sys/dict';
const I = '/system/sys/dictItem';

describe('dictionary administration', () => {
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
    staff = await login(t.app, 'staff', DEMO_PASSWORD);
  });

  /** A signed GET, as the browser sends it to the lookup routes. */
  const signedGet = <T>(url: string, as = admin) =>
    call<T>(t.app, 'GET', url, { token: as, headers: signHeaders(url) });

  it('adds, lists, edits and deletes a dictionary; the code is unique', async () => {
    const add = await call<string>(t.app, 'POST', `${D}/add`, {
      token: admin,
      body: { dictName: '颜色', dictCode: 'test_color', description: '测试' },
    });
    expect(add.body).toMatchObject({ success: true });
    const id = add.body.result;

    const again = await call(t.app, 'POST', `${D}/add`, {
      token: admin,
      body: { dictName: '颜色2', dictCode: 'test_color' },
    });
    expect(again.body).toMatchObject({ success: false, message: '字典编码“test_color”已存在' });

    const list = await call<Page<DictRecord>>(t.app, 'GET', `${D}/list`, {
      token: admin,
      query: { dictCode: '*test_col*', column: 'dictCode', order: 'asc' },
    });
    expect(list.body.success).toBe(true);
    expect(list.body.result.records.map((r) => r.dictCode)).toEqual(['test_color']);
    expect(list.body.result.total).toBe(1);

    const edit = await call(t.app, 'PUT', `${D}/edit`, {
      token: admin,
      body: { id, dictName: '颜色（改）', dictCode: 'test_colour' },
    });
    expect(edit.body).toMatchObject({ success: true });
    const taken = await call(t.app, 'PUT', `${D}/edit`, {
      token: admin,
      body: { id, dictName: 'x', dictCode: 'sex' },
    });
    expect(taken.body).toMatchObject({ success: false, message: '字典编码“sex”已存在' });

    const del = await call(t.app, 'DELETE', `${D}/delete`, { token: admin, query: { id } });
    expect(del.body).toMatchObject({ success: true });
    const gone = await call(t.app, 'DELETE', `${D}/delete`, { token: admin, query: { id } });
    expect(gone.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('refuses invalid input with a message', async () => {
    const noName = await call(t.app, 'POST', `${D}/add`, {
      token: admin,
      body: { dictCode: 'test_x' },
    });
    expect(noName.body.success).toBe(false);
    expect(noName.body.message).toContain('dictName');
    const badCode = await call(t.app, 'POST', `${D}/add`, {
      token: admin,
      body: { dictName: 'x', dictCode: "a'; drop table sys_dict; --" },
    });
    expect(badCode.body.success).toBe(false);
    expect(await t.db.selectFrom('sys_dict').select('id').execute()).not.toHaveLength(0);
  });

  it('items: add, unique value per dictionary, edit, disable, delete; the cache follows', async () => {
    const dictId = (
      await call<string>(t.app, 'POST', `${D}/add`, {
        token: admin,
        body: { dictName: '尺码', dictCode: 'test_size' },
      })
    ).body.result;
    const addItem = (itemValue: string, itemText: string, sortOrder: number) =>
      call<string>(t.app, 'POST', `${I}/add`, {
        token: admin,
        body: { dictId, itemValue, itemText, sortOrder },
      });
    expect((await addItem('L', '大', 3)).body.success).toBe(true);
    const m = (await addItem('M', '中', 2)).body.result;
    expect((await addItem('S', '小', 1)).body.success).toBe(true);
    expect((await addItem('M', '中2', 9)).body).toMatchObject({
      success: false,
      message: '数据值“M”已存在',
    });
    // The same value in another dictionary is fine.
    const other = await call(t.app, 'POST', `${I}/add`, {
      token: admin,
      body: { dictId: 'no-such-dict', itemValue: 'M', itemText: 'x' },
    });
    expect(other.body).toMatchObject({ success: false, message: '字典不存在' });

    const items = await call<Page<ItemRecord>>(t.app, 'GET', `${I}/list`, {
      token: admin,
      query: { dictId },
    });
    expect(items.body.result.records.map((r) => r.itemValue)).toEqual(['S', 'M', 'L']);
    expect((await signedGet(API.dictItems('test_size'))).body.result).toEqual([
      { value: 'S', text: '小', title: '小' },
      { value: 'M', text: '中', title: '中' },
      { value: 'L', text: '大', title: '大' },
    ]);

    const check = (itemValue: string, id?: string) =>
      call(t.app, 'GET', `${I}/dictItemCheck`, {
        token: admin,
        query: { itemValue, dictId, ...(id ? { id } : {}) },
      });
    expect((await check('M')).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await check('M', m)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check('XL')).body.success).toBe(true);

    const edit = await call(t.app, 'PUT', `${I}/edit`, {
      token: admin,
      body: { id: m, itemValue: 'M', itemText: '中号', status: 0 },
    });
    expect(edit.body.success).toBe(true);
    expect(
      ((await signedGet<{ value: string }[]>(API.dictItems('test_size'))).body.result ?? []).map(
        (o) => o.value,
      ),
    ).toEqual(['S', 'L']);

    expect(
      (await call(t.app, 'DELETE', `${I}/delete`, { token: admin, query: { id: m } })).body.success,
    ).toBe(true);
    const batch = await call(t.app, 'DELETE', `${D}/deleteBatch`, {
      token: admin,
      query: { ids: `${dictId},nothing` },
    });
    expect(batch.body.success).toBe(true);
    expect((await signedGet<unknown[]>(API.dictItems('test_size'))).body.result).toEqual([]);
  });

  it('answers code 510 to a user without the dict codes', async () => {
    const calls: [string, string, object][] = [
      ['GET', `${D}/list`, {}],
      ['POST', `${D}/add`, { body: { dictName: 'x', dictCode: 'test_no' } }],
      ['PUT', `${D}/edit`, { body: { id: 'x', dictName: 'x', dictCode: 'x' } }],
      ['DELETE', `${D}/delete?id=x`, {}],
      ['DELETE', `${D}/deleteBatch?ids=x`, {}],
      ['GET', `${I}/list?dictId=x`, {}],
      ['POST', `${I}/add`, { body: {} }],
      ['PUT', `${I}/edit`, { body: {} }],
      ['DELETE', `${I}/delete?id=x`, {}],
      ['GET', `${I}/dictItemCheck?itemValue=x&dictId=x`, {}],
    ];
    for (const [method, url, options] of calls) {
      const res = await call(t.app, method as 'GET', url, { token: staff, ...options });
      expect([url, res.body.code]).toEqual([url, 510]);
    }
  });

  it('refuses injection in list names without a stack trace', async () => {
    const attempts: Record<string, string>[] = [
      { column: 'dict_code;drop table sys_dict' },
      { column: 'dictCode", (select 1) --' },
      { "dictCode' or '1'='1": 'x' },
      { 'pg_sleep(5)': '1' },
      { 'dictCode_begin;--': 'x' },
      {
        superQueryParams: JSON.stringify([
          { field: 'dict_code) or 1=1 --', rule: 'eq', val: 'x', type: 'string' },
        ]),
      },
    ];
    for (const query of attempts) {
      const res = await call(t.app, 'GET', `${D}/list`, { token: admin, query });
      expect(res.body.success, JSON.stringify(query)).toBe(false);
      expect(res.text).not.toMatch(/\bat \S+\.(ts|js)|stack|syntax error|select /i);
    }
    const items = await call(t.app, 'GET', `${I}/list`, {
      token: admin,
      query: { dictId: 'x', column: 'item_value desc; drop table x' },
    });
    expect(items.body.success).toBe(false);
    // A dictId is a value, bound as a parameter; one that is not an id is refused (400)
    // where ids are parsed, before any SQL.
    const bound = await call<Page<ItemRecord>>(t.app, 'GET', `${I}/list`, {
      token: admin,
      query: { dictId: 'no-such-dict' },
    });
    expect(bound.body).toMatchObject({ success: true, result: { total: 0 } });
    const injected = await call<Page<ItemRecord>>(t.app, 'GET', `${I}/list`, {
      token: admin,
      query: { dictId: "x' or '1'='1" },
    });
    expect(injected.status).toBe(400);
    expect(injected.body).toMatchObject({ success: false, code: 400 });
  });
});

describe('table dictionaries and lookups', () => {
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    staff = await login(t.app, 'staff', DEMO_PASSWORD);
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
  });
  const signedGet = <T>(url: string) =>
    call<T>(t.app, 'GET', url, { token: staff, headers: signHeaders(url) });

  it('getDictItems reads an allowed table by text', async () => {
    const res = await signedGet<{ value: string; text: string }[]>(
      API.dictItems('sys_user,realname,username'),
    );
    expect(res.body.success).toBe(true);
    expect(res.body.result.map((o) => o.value)).toEqual(expect.arrayContaining(['admin', 'staff']));
  });

  it('reads the tables of stored pages, only their declared columns, for those who may list them', async () => {
    // staff may not list 客户管理: refused as its list would be, columns unchecked.
    for (const code of ['demo_customer,name,id', 'demo_customer,secret,id']) {
      const refused = await signedGet(API.dictItems(code));
      expect(refused.body).toMatchObject({ success: false, code: 510 });
    }
    const menu = await call(t.app, 'POST', '/system/lowcode/page/addToMenu', {
      token: admin,
      body: { code: 'demo_customer' },
    });
    expect(menu.body.success, menu.text).toBe(true);
    const asAdmin = <T>(url: string) =>
      call<T>(t.app, 'GET', url, { token: admin, headers: signHeaders(url) });
    const res = await asAdmin<{ value: string; text: string }[]>(
      API.dictItems('demo_customer,name,id'),
    );
    expect(res.body.success).toBe(true);
    expect(res.body.result.length).toBe(30);
    const refused = await asAdmin(API.dictItems('demo_customer,secret,id'));
    expect(refused.body.message).toBe('表字典不允许使用表 demo_customer 的字段：secret');
  });

  it('refuses tables and columns outside the allow-list, and raw conditions', async () => {
    const cases: [string, string][] = [
      ['sys_user,password,id', '表字典不允许使用表 sys_user 的字段：password'],
      ['sys_session,token_hash,user_id', '表字典不允许使用表：sys_session'],
      ['pg_shadow,passwd,usename', '表字典不允许使用表：pg_shadow'],
      ['sys_user,realname,id,1=1', '表字典不支持附加查询条件'],
      [
        'sys_user;drop table sys_user,realname,id',
        '表字典不允许使用表：sys_user;drop table sys_user',
      ],
      [
        'sys_user,(select password from sys_user limit 1),id',
        '表字典不允许使用表 sys_user 的字段：(select password from sys_user limit 1)',
      ],
    ];
    for (const [code, message] of cases) {
      for (const url of [
        API.dictItems(code),
        `/system/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=a`,
        `/system/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=1`,
      ]) {
        const res = await signedGet(url);
        expect([url, res.body.success, res.body.message]).toEqual([url, false, message]);
        expect(res.text).not.toMatch(/\bat \S+\.(ts|js)|stack/i);
      }
    }
  });

  it('loadDict searches by keyword; loadDictItem translates keys in order', async () => {
    const search = await signedGet<{ value: string }[]>(
      `/system/sys/dict/loadDict/${encodeURIComponent('sys_user,username,username')}?keyword=adm&pageSize=5`,
    );
    expect(search.body.result.map((o) => o.value)).toEqual(['admin']);
    const wildcard = await signedGet<unknown[]>(
      `/system/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=%25`,
    );
    expect(wildcard.body.result).toEqual([]);
    const plain = await signedGet<{ value: string }[]>('/system/sys/dict/loadDict/sex?keyword=女');
    expect(plain.body.result.map((o) => o.value)).toEqual(['2']);

    const texts = await signedGet<string[]>(
      `/system/sys/dict/loadDictItem/${encodeURIComponent('sys_user,username,username')}?key=staff,nobody,admin`,
    );
    expect(texts.body.result).toEqual(['staff', 'admin']);
    const kept = await signedGet<string[]>(
      '/system/sys/dict/loadDictItem/sex?key=2,9&delNotExist=false',
    );
    expect(kept.body.result).toEqual(['女', '9']);
  });

  it('loadTreeData gives a level of an allowed tree and refuses other names', async () => {
    const roots = await signedGet<{ key: string; title: string; parentId: string | null }[]>(
      '/system/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&pid=',
    );
    expect(roots.body.success).toBe(true);
    expect(roots.body.result.length).toBeGreaterThan(0);
    expect(roots.body.result.every((n) => n.parentId === null)).toBe(true);
    const child = await signedGet<unknown[]>(
      `/system/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&pid=${roots.body.result[0]!.key}`,
    );
    expect(child.body.success).toBe(true);

    const refused: [string, string][] = [
      [
        'tableName=sys_user&text=password&code=id&pidField=id',
        '表字典不允许使用表 sys_user 的字段：password',
      ],
      [
        'tableName=information_schema.tables&text=a&code=b&pidField=c',
        '表字典不允许使用表：information_schema.tables',
      ],
      [
        `tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent('{"1=1 or org_code":"x"}')}`,
        '表字典不允许使用表 sys_depart 的字段：1=1 or org_code',
      ],
      [
        'tableName=sys_depart&text=depart_name%20from%20sys_user--&code=id&pidField=parent_id',
        '表字典不允许使用表 sys_depart 的字段：depart_name from sys_user--',
      ],
      [
        `tableName=sys_depart&text=depart_name&code=id&pidField=${encodeURIComponent('parent_id or 1=1')}`,
        '表字典不允许使用表 sys_depart 的字段：parent_id or 1=1',
      ],
      // widgets.md §7: a condition that is not a JSON object string.
      [
        `tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent("org_code='A01' or 1=1")}`,
        '组件JTreeSelect-condition传值有误，需要一个json字符串!',
      ],
      [
        `tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent('["org_code"]')}`,
        '组件JTreeSelect-condition传值有误，需要一个json字符串!',
      ],
    ];
    for (const [query, message] of refused) {
      const res = await signedGet(`/system/sys/dict/loadTreeData?${query}`);
      expect([query, res.body.message]).toEqual([query, message]);
    }
    // A condition's value is only ever a bound parameter: it matches nothing, it runs nothing.
    const bound = await signedGet<unknown[]>(
      `/system/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent(JSON.stringify({ depart_name: "x' or '1'='1" }))}`,
    );
    expect(bound.body).toMatchObject({ success: true, result: [] });
  });

  it('refleshCache answers 刷新缓存完成！', async () => {
    const res = await call(t.app, 'GET', API.refreshDicts, { token: staff });
    expect(res.body).toMatchObject({ success: true, message: '刷新缓存完成！' });
  });

  it('the 数据字典 page is stored and opens from its menu component', async () => {
    const res = await call<{ definition: { code: string } }>(
      t.app,
      'GET',
      '/system/online/page/sys_dict',
      { token: staff },
    );
    expect(res.body).toMatchObject({ success: true, result: { definition: { code: 'sys_dict' } } });
  });
});
