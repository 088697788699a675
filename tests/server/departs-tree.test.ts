import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';
import {
  DEPART,
  LIST_INJECTIONS,
  departCount,
  departIdOf,
  expectBadRequest,
  expectClean,
  expectDenied,
  expectOk,
  userIdOf,
} from './departs-fixtures';

/** 部门管理 read routes: list, lazy children, whole tree, id tree, search, my departments. */

type Rec = Record<string, unknown>;
interface Node extends Rec {
  readonly title: string;
  readonly children?: Node[];
}

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(path: string, query: Record<string, string> = {}, token = admin) =>
  call<T>(t.app, 'GET', `${DEPART}/${path}`, { token, query });

const titles = (nodes: readonly Node[]) => nodes.map((n) => n.title);

async function setSupervisor(username: string, identity: number, orgCodes: string[]) {
  const ids = await Promise.all(orgCodes.map((code) => departIdOf(t.db, code)));
  await t.db
    .updateTable('sys_user')
    .set({ userIdentity: identity, departIds: ids.join(',') || null })
    .where('username', '=', username)
    .execute();
}

describe('list', () => {
  it('pid=0 (and no parameters) answers the top level, paged, with hasChild', async () => {
    for (const query of [{ pid: '0' }, {}] as Record<string, string>[]) {
      const page = expectOk(await get<Page<Rec>>('list', query));
      expect(page.records.map((r) => [r.orgCode, r.hasChild, r.parentId])).toEqual([
        ['A01', '1', null],
        ['A02', '1', null],
      ]);
      expect(page).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    }
    const page = expectOk(await get<Page<Rec>>('list', { pid: '0', pageSize: '1', pageNo: '2' }));
    expect(page.records.map((r) => r.orgCode)).toEqual(['A02']);
  });

  it('answers the record fields and formatted times, never del_flag', async () => {
    const [first] = expectOk(await get<Page<Rec>>('list', { pid: '0' })).records;
    expect(Object.keys(first!).sort()).toEqual(
      [
        'id',
        'parentId',
        'departName',
        'departNameEn',
        'departNameAbbr',
        'departOrder',
        'description',
        'orgCategory',
        'orgType',
        'orgCode',
        'mobile',
        'fax',
        'address',
        'memo',
        'status',
        'createBy',
        'createTime',
        'updateTime',
        'hasChild',
        'orgCategory_dictText',
        'status_dictText',
      ].sort(),
    );
    expect(first).toMatchObject({ departName: '星河科技集团', orgType: '1', orgCategory: '1' });
    expect(first!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pid=x answers the children of x in depart order', async () => {
    const page = expectOk(await get<Page<Rec>>('list', { pid: await departIdOf(t.db, 'A01') }));
    expect(page.records.map((r) => [r.orgCode, r.hasChild])).toEqual([
      ['A01A01', '0'],
      ['A01A02', '1'],
      ['A01A03', '1'],
      ['A01A04', '0'],
      ['A01A05', '0'],
    ]);
  });

  it('filters without pid search every level (flat); sorts by a named column', async () => {
    const page = expectOk(
      await get<Page<Rec>>('list', { departName: '*开发*', column: 'orgCode', order: 'desc' }),
    );
    expect(page.records.map((r) => r.departName)).toEqual(['前端开发部', '后端开发部']);
    const codes = expectOk(
      await get<Page<Rec>>('list', { orgCode: 'A02*', column: 'orgCode', order: 'asc' }),
    );
    expect(codes.records.map((r) => r.orgCode)).toEqual([
      'A02',
      'A02A01',
      'A02A02',
      'A02A02A01',
      'A02A02A02',
    ]);
  });

  it('refuses unknown fields and injection attempts with a clean envelope', async () => {
    const before = await departCount(t.db);
    const unknown = await get('list', { password: 'x' });
    expectBadRequest(unknown);
    expect(unknown.body.message).toBe('未知的查询字段：password');
    for (const query of LIST_INJECTIONS) {
      const res = await get('list', query);
      expectClean(res);
      // `order` only chooses asc or desc: the text is never part of the statement.
      expect(res.body.success).toBe(query.order?.startsWith('asc;') === true);
    }
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await get<Page<Rec>>('list', { pid: "x' or '1'='1" }));
    expect(expectOk(await get<Page<Rec>>('list', { pid: 'no-such-depart' })).records).toEqual([]);
    expectBadRequest(await get('list', { pid: 'x'.repeat(40) }));
    expect(await departCount(t.db)).toBe(before);
  });

  it('needs depart:list', async () => {
    expectDenied(await get('list', {}, staff));
  });
});

describe('queryDepartTreeSync', () => {
  it('answers the top level without pid, the children of pid otherwise, as nodes', async () => {
    const top = expectOk(await get<Node[]>('queryDepartTreeSync'));
    expect(top.map((n) => [n.orgCode, n.hasChild, n.isLeaf, n.title])).toEqual([
      ['A01', '1', false, '星河科技集团'],
      ['A02', '1', false, '星河科技（上海）分公司'],
    ]);
    expect(top[0]!.key).toBe(top[0]!.id);
    const kids = expectOk(
      await get<Node[]>('queryDepartTreeSync', { pid: await departIdOf(t.db, 'A02') }),
    );
    expect(kids.map((n) => [n.orgCode, n.isLeaf])).toEqual([
      ['A02A01', true],
      ['A02A02', false],
    ]);
    expect(kids.every((n) => n.children === undefined)).toBe(true);
    const none = expectOk(await get<Node[]>('queryDepartTreeSync', { pid: 'no-such-depart' }));
    expect(none).toEqual([]);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await get<Node[]>('queryDepartTreeSync', { pid: "' or 1=1--" }));
  });

  it('needs depart:list', async () => {
    expectDenied(await get('queryDepartTreeSync', {}, staff));
  });
});

describe('queryTreeList', () => {
  it('answers the whole tree as tree models, siblings in depart order', async () => {
    const tree = expectOk(await get<Node[]>('queryTreeList'));
    expect(titles(tree)).toEqual(['星河科技集团', '星河科技（上海）分公司']);
    expect(titles(tree[0]!.children!)).toEqual([
      '总裁办',
      '研发中心',
      '市场营销中心',
      '财务部',
      '人力资源部',
    ]);
    const rd = tree[0]!.children![1]!;
    expect(rd).toMatchObject({ orgCode: 'A01A02', isLeaf: false, hasChild: '1', key: rd.id });
    expect(titles(rd.children!)).toEqual(['后端开发部', '前端开发部', '测试部']);
    const leaf = rd.children![0]!;
    expect(leaf).toMatchObject({ isLeaf: true, hasChild: '0', value: leaf.id });
    expect(leaf.children).toBeUndefined();
  });

  it('needs depart:list', async () => {
    expectDenied(await get('queryTreeList', {}, staff));
  });
});

describe('queryIdTree', () => {
  it('answers key/value/title/children to any signed-in user', async () => {
    const tree = expectOk(await get<Node[]>('queryIdTree', {}, staff));
    expect(titles(tree)).toEqual(['星河科技集团', '星河科技（上海）分公司']);
    expect(Object.keys(tree[0]!).sort()).toEqual(['children', 'key', 'title', 'value']);
    const leaf = tree[0]!.children![0]!;
    expect(leaf).toEqual({ key: leaf.key, value: leaf.key, title: '总裁办', children: [] });
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'GET', `${DEPART}/queryIdTree`);
    expect(res.status).toBe(401);
  });
});

describe('searchBy', () => {
  it('answers the departments whose name contains the keyword, flat', async () => {
    const found = expectOk(await get<Node[]>('searchBy', { keyWord: '客服' }));
    expect(found.map((n) => [n.orgCode, n.isLeaf])).toEqual([
      ['A02A02A01', true],
      ['A02A02A02', true],
    ]);
    expect(found.every((n) => n.children === undefined)).toBe(true);
  });

  it('treats % and _ and quotes as plain text', async () => {
    for (const keyWord of ['%', '_', "' or '1'='1", 'a;drop table sys_depart']) {
      const res = await get<Node[]>('searchBy', { keyWord });
      expectClean(res);
      expect(expectOk(res)).toEqual([]);
    }
    expectBadRequest(await get('searchBy', { keyWord: 'x'.repeat(101) }));
  });

  it('myDeptSearch=1 looks only inside the departments the caller supervises', async () => {
    const userId = await userIdOf(t.db, 'admin');
    try {
      await setSupervisor('admin', 1, ['A01A02']);
      expect(expectOk(await get('searchBy', { keyWord: '部', myDeptSearch: '1' }))).toEqual([]);
      await setSupervisor('admin', 2, ['A01A02']);
      const found = expectOk(await get<Node[]>('searchBy', { keyWord: '部', myDeptSearch: '1' }));
      expect(titles(found)).toEqual(['后端开发部', '前端开发部', '测试部']);
      const all = expectOk(await get<Node[]>('searchBy', { keyWord: '部' }));
      expect(all.length).toBeGreaterThan(found.length);
    } finally {
      await t.db
        .updateTable('sys_user')
        .set({ userIdentity: 1, departIds: null })
        .where('id', '=', userId)
        .execute();
    }
  });

  it('needs depart:list', async () => {
    expectDenied(await get('searchBy', { keyWord: '部' }, staff));
  });
});

describe('queryMyDeptTreeList', () => {
  it('is empty for a member (user_identity 1)', async () => {
    await setSupervisor('staff', 1, ['A01A02']);
    expect(expectOk(await get('queryMyDeptTreeList', {}, staff))).toEqual([]);
  });

  it("answers a supervisor's departments with their sub-departments, each once", async () => {
    await setSupervisor('staff', 2, ['A02A02', 'A01A02', 'A01A02A01']);
    const tree = expectOk(await get<Node[]>('queryMyDeptTreeList', {}, staff));
    expect(titles(tree)).toEqual(['研发中心', '客户服务部']);
    expect(titles(tree[0]!.children!)).toEqual(['后端开发部', '前端开发部', '测试部']);
    expect(titles(tree[1]!.children!)).toEqual(['客服一组', '客服二组']);
  });

  it('ignores ids of departments that no longer exist', async () => {
    await t.db
      .updateTable('sys_user')
      .set({ userIdentity: 2, departIds: 'gone-id,' })
      .where('username', '=', 'staff')
      .execute();
    expect(expectOk(await get('queryMyDeptTreeList', {}, staff))).toEqual([]);
  });
});
