import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/** widgets.md §7, to the character. */
const MSG_TREE_CONDITION = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/**
 * The category lookups of the pickers (any signed-in user): loadOne, loadTreeRoot,
 * loadTreeChildren, loadTreeData, loadDictItem, loadAllData — and the names they refuse.
 */

type Rec = Record<string, unknown>;
interface TreeNode {
  key: string;
  title: string;
  value: string;
  code: string;
  parentId: string;
  isLeaf: boolean;
  children?: TreeNode[];
}

const C = '/system/sys/category';
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'staff', DEMO_PASSWORD); // signed in, no category code
});
afterAll(async () => {
  await t?.close();
});

function expectClean(res: CallResult<unknown>, what: string): void {
  expect(res.text, what).not.toMatch(/\n\s+at /);
  expect(res.text, what).not.toMatch(/select |syntax error|relation /i);
}

async function get<T>(url: string, query: Record<string, string> = {}) {
  return call<T>(t.app, 'GET', `${C}/${url}`, { token: staff, query });
}

async function idOf(code: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_category')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function tableIntact(): Promise<void> {
  const row = await t.db
    .selectFrom('sys_category')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(row.n)).toBe(13);
}

const titles = (nodes: readonly TreeNode[]) => nodes.map((n) => n.title);

describe('access', () => {
  it('lookups need a token only', async () => {
    for (const url of [
      'loadOne?field=code&val=A01',
      'loadTreeRoot?pcode=',
      'loadTreeChildren?pid=0',
      'loadTreeData?pcode=0',
      'loadDictItem?ids=x',
      'loadAllData?code=A01',
    ]) {
      expect((await call(t.app, 'GET', `${C}/${url}`)).status, url).toBe(401);
      expect((await call(t.app, 'GET', `${C}/${url}`, { token: staff })).body.success, url).toBe(
        true,
      );
    }
  });
});

describe('loadOne', () => {
  it('finds one node by id, code or name', async () => {
    const id = await idOf('A01A01');
    for (const [field, val] of [
      ['id', id],
      ['code', 'A01A01'],
      ['name', '电子产品'],
    ]) {
      const res = await get<Rec>('loadOne', { field: field!, val: val! });
      expect(res.body.result, field).toMatchObject({ id, code: 'A01A01', name: '电子产品' });
    }
    const none = await get('loadOne', { field: 'code', val: "A01' or '1'='1" });
    expect(none.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('says so when a name is not unique', async () => {
    await t.db
      .insertInto('sys_category')
      .values({ id: 'dupname00000000000000000000000001', name: '手机', code: 'ZZ01', pid: '0' })
      .execute();
    const res = await get('loadOne', { field: 'name', val: '手机' });
    expect(res.body).toMatchObject({
      success: false,
      message: '查询数据异常，[name]存在多个值：手机',
    });
    await t.db
      .deleteFrom('sys_category')
      .where('id', '=', 'dupname00000000000000000000000001')
      .execute();
  });

  it('refuses every other field with a clear message and no SQL', async () => {
    for (const field of [
      'pid',
      'create_by',
      'code;drop table sys_category',
      '1=1--',
      'code = code or 1',
      '"code"',
      'has_child',
    ]) {
      const res = await get('loadOne', { field, val: 'x' });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(`不支持按字段“${field}”查询，只能按 id、code、name 查询`);
      expectClean(res, field);
    }
    expect((await get('loadOne', { field: 'code' })).status).toBe(400);
    await tableIntact();
  });
});

describe('trees', () => {
  it('loadTreeRoot: one level below a code, or the whole subtree with async=false', async () => {
    const top = await get<TreeNode[]>('loadTreeRoot', { async: 'true', pcode: '' });
    expect(titles(top.body.result)).toEqual(['商品分类', '客户行业']);
    const a01 = await idOf('A01');
    expect(top.body.result[0]).toEqual({
      key: a01,
      title: '商品分类',
      value: a01,
      code: 'A01',
      parentId: '0',
      isLeaf: false,
    });

    const level = await get<TreeNode[]>('loadTreeRoot', { pcode: 'A01' });
    expect(titles(level.body.result)).toEqual(['电子产品', '办公用品']);
    expect(level.body.result[0]!.children).toBeUndefined();

    const whole = await get<TreeNode[]>('loadTreeRoot', { async: 'false', pcode: 'A01' });
    expect(whole.body.result.map((n) => [n.title, titles(n.children ?? [])])).toEqual([
      ['电子产品', ['手机', '电脑', '配件']],
      ['办公用品', ['纸张', '文具']],
    ]);
    expect(whole.body.result[0]!.children![0]).toMatchObject({ isLeaf: true, code: 'A01A01A01' });

    const unknown = await get('loadTreeRoot', { pcode: "A01' or 1=1--" });
    expect(unknown.body).toMatchObject({
      success: false,
      message: "该编码【A01' or 1=1--】不存在，请核实!",
    });
    expect((await get('loadTreeRoot', { async: 'maybe' })).status).toBe(400);
  });

  it('loadTreeChildren answers the children of one node', async () => {
    const res = await get<TreeNode[]>('loadTreeChildren', { pid: await idOf('A02') });
    expect(titles(res.body.result)).toEqual(['制造业', '互联网', '金融', '教育']);
    expect(res.body.result.every((n) => n.isLeaf)).toBe(true);
    expect((await get('loadTreeChildren')).status).toBe(400);
  });

  it('loadTreeData: by pid or pcode, narrowed by a name/code condition', async () => {
    const byPid = await get<TreeNode[]>('loadTreeData', { pid: await idOf('A02') });
    expect(byPid.body.result).toHaveLength(4);
    const byCode = await get<TreeNode[]>('loadTreeData', { pcode: 'A02' });
    expect(titles(byCode.body.result)).toEqual(titles(byPid.body.result));
    const roots = await get<TreeNode[]>('loadTreeData', { pcode: '0' });
    expect(titles(roots.body.result)).toEqual(['商品分类', '客户行业']);

    const named = await get<TreeNode[]>('loadTreeData', {
      pcode: 'A02',
      condition: JSON.stringify({ name: '金融' }),
    });
    expect(titles(named.body.result)).toEqual(['金融']);
    const coded = await get<TreeNode[]>('loadTreeData', {
      pcode: 'A02',
      condition: JSON.stringify({ code: 'A02A01', name: '制造业' }),
    });
    expect(titles(coded.body.result)).toEqual(['制造业']);
    const bound = await get<TreeNode[]>('loadTreeData', {
      pcode: 'A02',
      condition: JSON.stringify({ name: "x' or '1'='1" }),
    });
    expect(bound.body.result).toEqual([]);

    const missing = await get('loadTreeData');
    expect(missing.body).toMatchObject({
      success: false,
      message: '加载分类字典树参数有误：pid 和 pcode 不能都为空',
    });
  });

  it('loadTreeData refuses other condition fields and malformed JSON', async () => {
    const cases: [string, string][] = [
      [JSON.stringify({ pid: '0' }), 'condition 只能按 name、code 查询，不支持字段：pid'],
      [
        JSON.stringify({ '1=1 or name': 'x' }),
        'condition 只能按 name、code 查询，不支持字段：1=1 or name',
      ],
      [
        JSON.stringify({ 'name;drop table sys_category': 'x' }),
        'condition 只能按 name、code 查询，不支持字段：name;drop table sys_category',
      ],
      [JSON.stringify({ name: { $ne: 'x' } }), 'condition 应为“字段: 值”的 JSON 对象'],
      // widgets.md §7: not a JSON object string.
      [JSON.stringify(['name', 'x']), MSG_TREE_CONDITION],
      ['"name"', MSG_TREE_CONDITION],
      ['{name: x}', MSG_TREE_CONDITION],
      ['{"name":', MSG_TREE_CONDITION],
      ["name='x' or 1=1", MSG_TREE_CONDITION],
    ];
    for (const [condition, message] of cases) {
      const res = await get('loadTreeData', { pcode: 'A02', condition });
      expect(res.body, condition).toMatchObject({ success: false, code: 500, message });
      expectClean(res, condition);
    }
    await tableIntact();
  });
});

describe('names and descendants', () => {
  it('loadDictItem answers names in the order of the ids', async () => {
    const [phone, paper] = [await idOf('A01A01A01'), await idOf('A01A02A01')];
    const res = await get<string[]>('loadDictItem', { ids: `${paper},nope,${phone}` });
    expect(res.body.result).toEqual(['纸张', '手机']);
    const kept = await get<string[]>('loadDictItem', {
      ids: `${paper},nope,${phone}`,
      delNotExist: 'false',
    });
    expect(kept.body.result).toEqual(['纸张', 'nope', '手机']);
    expect((await get('loadDictItem')).status).toBe(400);
  });

  it('loadAllData answers every descendant of a code as value/text', async () => {
    const res = await get<{ value: string; text: string }[]>('loadAllData', { code: 'A01' });
    expect(res.body.result.map((o) => o.text)).toEqual([
      '电子产品',
      '手机',
      '电脑',
      '配件',
      '办公用品',
      '纸张',
      '文具',
    ]);
    expect(res.body.result[0]!.value).toBe(await idOf('A01A01'));
    const all = await get<unknown[]>('loadAllData', { code: '0' });
    expect(all.body.result).toHaveLength(13);
    const unknown = await get('loadAllData', { code: 'A0%' });
    expect(unknown.body).toMatchObject({ success: false, message: '该编码【A0%】不存在，请核实!' });
  });
});
