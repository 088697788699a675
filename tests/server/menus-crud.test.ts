import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { newId } from '../../server/ids';
import { multipartBody } from '../support/online-tables';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

/** 菜单管理: the list modes, sub-menus, add / edit / delete with their checks, Excel. */

interface Menu {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  route: boolean;
  leaf: boolean;
  hidden: boolean;
  status: string;
  ruleFlag: number;
  createTime: string | null;
  hasChild: '1' | '0';
  children?: Menu[];
}

const PERM = (action: string) => `/system/sys/permission/${action}`;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

const RECORD_KEYS = [
  'alwaysShow',
  'component',
  'componentName',
  'createTime',
  'description',
  'hasChild',
  'hidden',
  'hideTab',
  'icon',
  'id',
  'internalOrExternal',
  'keepAlive',
  'leaf',
  'menuType',
  'name',
  'parentId',
  'perms',
  'permsType',
  'redirect',
  'route',
  'ruleFlag',
  'sortNo',
  'status',
  'url',
].sort();
/** A record of `list`: the fields and the texts of its dictionary fields (reference §1.6). */
const LIST_KEYS = [
  ...RECORD_KEYS,
  'menuType_dictText',
  'parentId_dictText',
  'permsType_dictText',
  'status_dictText',
].sort();

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

function expectClean(res: { text: string }): void {
  expect(res.text).not.toMatch(/\n\s+at /);
  expect(res.text).not.toMatch(/select |syntax error|relation /i);
}

async function idOf(perms: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', '=', perms)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function idByName(name: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function row(id: string) {
  return t.db.selectFrom('sys_permission').selectAll().where('id', '=', id).executeTakeFirst();
}

async function menuCount(): Promise<number> {
  return (await t.db.selectFrom('sys_permission').select('id').execute()).length;
}

async function add(body: Record<string, unknown>): Promise<string> {
  const res = await call<string>(t.app, 'POST', PERM('add'), { token: admin, body });
  expect(res.body, res.body.message).toMatchObject({ success: true, message: '新增成功！' });
  return res.body.result;
}

function addTop(name: string): Promise<string> {
  return add({ name, menuType: 0, url: `/${name}`, component: 'layouts/RouteView' });
}

function addSub(name: string, parentId: string): Promise<string> {
  return add({ name, menuType: 1, parentId, url: `/sub/${name}`, component: `pages/${name}` });
}

function addButton(name: string, parentId: string, perms: string): Promise<string> {
  return add({ name, menuType: 2, parentId, perms });
}

describe('list', () => {
  it('without parameters answers the whole tree, each node with its children', async () => {
    const res = await call<Menu[]>(t.app, 'GET', PERM('list'), { token: admin });
    expect(res.body.success).toBe(true);
    const tree = res.body.result;
    expect(tree.map((m) => m.name)).toEqual(['首页', '系统管理', '低代码', '我的消息']);
    const system = tree.find((m) => m.name === '系统管理')!;
    expect(system).toMatchObject({ menuType: 0, parentId: null, hasChild: '1', leaf: false });
    const users = system.children!.find((m) => m.name === '用户管理')!;
    expect(Object.keys(users).sort()).toEqual([...LIST_KEYS, 'children'].sort());
    expect(users).toMatchObject({
      menuType: 1,
      perms: 'user:list',
      route: true,
      leaf: false,
      ruleFlag: 1,
      hasChild: '1',
      status: '1',
    });
    expect(users.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const addButton = users.children!.find((m) => m.perms === 'user:add')!;
    expect(Object.keys(addButton).sort()).toEqual(LIST_KEYS);
    expect(addButton).toMatchObject({ menuType: 2, leaf: true, hasChild: '0', route: false });
    let count = 0;
    const walk = (nodes: Menu[]) => nodes.forEach((n) => (count++, walk(n.children ?? [])));
    walk(tree);
    expect(count).toBe(await menuCount());
  });

  it('pid=0 answers the top level as a page with hasChild; pid=x the children of x', async () => {
    const res = await call<Page<Menu>>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { pid: '0', pageNo: '1', pageSize: '2' },
    });
    expect(res.body.result).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(res.body.result.records.map((m) => [m.name, m.hasChild])).toEqual([
      ['首页', '0'],
      ['系统管理', '1'],
    ]);
    expect(res.body.result.records[0]!.children).toBeUndefined();

    const system = await idByName('系统管理');
    const children = await call<Menu[]>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { pid: system },
    });
    expect(children.body.result.map((m) => m.name)).toEqual([
      '用户管理',
      '角色管理',
      '菜单管理',
      '部门管理',
      '数据字典',
      '系统通告',
      '职务管理',
      '分类字典',
      '校验规则',
      '定时任务',
      '在线用户',
      '日志管理',
    ]);
    expect(children.body.result.every((m) => m.hasChild === '1')).toBe(true);
  });

  it('filters without pid search every level, flat and paged', async () => {
    const byName = await call<Page<Menu>>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { name: '用户管理' },
    });
    expect(byName.body.result.records.map((m) => [m.name, m.menuType])).toEqual([['用户管理', 1]]);
    const byPerms = await call<Page<Menu>>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { perms: 'user:*', pageSize: '100', column: 'perms', order: 'asc' },
    });
    const perms = byPerms.body.result.records.map((m) => m.perms);
    expect(perms).toContain('user:list');
    expect(perms).toContain('user:add');
    expect(perms).toEqual([...perms].sort());
    expect(byPerms.body.result.records.every((m) => m.children === undefined)).toBe(true);
    const buttons = await call<Page<Menu>>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { perms: 'user:*', menuType: '2', pageSize: '100' },
    });
    expect(buttons.body.result.total).toBe(perms.length - 1);
    const filtered = await call<Page<Menu>>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { url: '/isystem/*', component: 'system/*', status: '1' },
    });
    expect(filtered.body.result.total).toBe(12);
  });

  it('refuses unknown names and injection attempts with a clean envelope', async () => {
    const before = await menuCount();
    const attempts: Record<string, string>[] = [
      { column: 'name;drop table sys_permission' },
      { '1=1--': 'x' },
      { parentId: 'x' },
      { sortNo: '1' },
      {
        superQueryParams: encodeURIComponent(
          JSON.stringify([{ field: 'perms) or (1=1', rule: 'eq', val: 'x' }]),
        ),
      },
      { menuType: "1' or '1'='1" },
    ];
    for (const query of attempts) {
      const res = await call(t.app, 'GET', PERM('list'), { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400 });
      expectClean(res);
    }
    const order = await call<Menu[]>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { order: 'asc;drop table sys_permission' },
    });
    expect(order.body.success).toBe(true);
    const pid = await call<Menu[]>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { pid: "x' or '1'='1" },
    });
    expect(pid.body.result).toEqual([]);
    const name = await call<Page<Menu>>(t.app, 'GET', PERM('list'), {
      token: admin,
      query: { name: "x' or '1'='1" },
    });
    expect(name.body.result.total).toBe(0);
    expect(await menuCount()).toBe(before);
  });

  it('is refused (510) without permission:list, as are the sub-menu routes', async () => {
    for (const [path, query] of [
      ['list', {}],
      ['getSystemMenuList', {}],
      ['getSystemSubmenu', { parentId: 'x' }],
      ['getSystemSubmenuBatch', { parentIds: 'x' }],
    ] as const) {
      const res = await call(t.app, 'GET', PERM(path), { token: staff, query });
      expect(res.body, path).toMatchObject(NO_PERMISSION);
    }
  });
});

describe('getSystemMenuList, getSystemSubmenu, getSystemSubmenuBatch', () => {
  it('answer the top menus and the children of one or more rows, with hasChild', async () => {
    const top = await call<Menu[]>(t.app, 'GET', PERM('getSystemMenuList'), { token: admin });
    expect(top.body.result.map((m) => [m.name, m.hasChild])).toEqual([
      ['首页', '0'],
      ['系统管理', '1'],
      ['低代码', '1'],
      ['我的消息', '0'],
    ]);
    expect(top.body.result.every((m) => m.menuType === 0)).toBe(true);

    const users = await idOf('user:list');
    const sub = await call<Menu[]>(t.app, 'GET', PERM('getSystemSubmenu'), {
      token: admin,
      query: { parentId: users },
    });
    expect(sub.body.result.map((m) => m.perms)).toEqual([
      'user:add',
      'user:edit',
      'user:delete',
      'user:deleteBatch',
      'user:import',
      'user:export',
      'user:frozen',
      'user:resetPassword',
      'user:recycleBin',
    ]);
    expect(sub.body.result.every((m) => m.hasChild === '0' && m.menuType === 2)).toBe(true);

    const roles = await idOf('role:list');
    const batch = await call<Record<string, Menu[]>>(t.app, 'GET', PERM('getSystemSubmenuBatch'), {
      token: admin,
      query: { parentIds: `${users},${roles},missing,` },
    });
    expect(Object.keys(batch.body.result).sort()).toEqual([users, roles, 'missing'].sort());
    expect(batch.body.result[users]).toHaveLength(9);
    expect(batch.body.result[roles]!.map((m) => m.perms)).toContain('role:authorize');
    expect(batch.body.result.missing).toEqual([]);

    const unknown = await call<Menu[]>(t.app, 'GET', PERM('getSystemSubmenu'), {
      token: admin,
      query: { parentId: 'no-such-menu' },
    });
    expect(unknown.body.result).toEqual([]);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    const injected = await call<Menu[]>(t.app, 'GET', PERM('getSystemSubmenu'), {
      token: admin,
      query: { parentId: "' or 1=1--" },
    });
    expect(injected.status).toBe(400);
    expectClean(injected);
    expect((await call(t.app, 'GET', PERM('getSystemSubmenu'), { token: admin })).status).toBe(400);
    expect(
      (await call(t.app, 'GET', PERM('getSystemSubmenuBatch'), { token: admin, query: {} })).status,
    ).toBe(400);
  });
});

describe('add', () => {
  it('adds top menus, sub-menus and buttons; a parent stops being a leaf', async () => {
    const top = await add({
      name: '新顶级',
      menuType: 0,
      parentId: 'ignored-for-top',
      url: '/new-top',
      component: 'layouts/RouteView',
      sortNo: 9.5,
      icon: 'star',
      route: false,
      leaf: false,
    });
    expect(await row(top)).toMatchObject({
      parentId: null,
      menuType: 0,
      sortNo: 9.5,
      isRoute: false,
      isLeaf: true,
      status: '1',
      permsType: '1',
      createBy: 'admin',
    });
    const sub = await addSub('新子菜单', top);
    expect((await row(top))!.isLeaf).toBe(false);
    const button = await add({
      name: '新按钮',
      menuType: 2,
      parentId: sub,
      perms: ' probe:one , probe:two ',
      permsType: '2',
      status: '0',
    });
    expect(await row(button)).toMatchObject({
      perms: 'probe:one,probe:two',
      permsType: '2',
      status: '0',
      isRoute: false,
      isLeaf: true,
    });
    expect((await row(sub))!.isLeaf).toBe(false);

    const listed = await call<Menu[]>(t.app, 'GET', PERM('getSystemSubmenu'), {
      token: admin,
      query: { parentId: sub },
    });
    expect(listed.body.result).toEqual([
      expect.objectContaining({ id: button, route: false, leaf: true, hasChild: '0' }),
    ]);
  });

  it('refuses what the contract forbids with a clear message', async () => {
    const top = await addTop('校验顶级');
    const sub = await addSub('校验子菜单', top);
    const button = await addButton('校验按钮', sub, 'check:button');
    const before = await menuCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '无上级', menuType: 1, url: '/a', component: 'a' }, '子菜单和按钮必须选择上级菜单'],
      [{ name: '无上级按钮', menuType: 2, perms: 'x:y' }, '子菜单和按钮必须选择上级菜单'],
      [
        { name: '上级不存在', menuType: 1, parentId: 'missing', url: '/a', component: 'a' },
        '上级菜单不存在',
      ],
      [
        { name: '按钮下', menuType: 1, parentId: button, url: '/a', component: 'a' },
        '按钮下不能再新增菜单或按钮',
      ],
      [
        { name: '按钮下按钮', menuType: 2, parentId: button, perms: 'a:b' },
        '按钮下不能再新增菜单或按钮',
      ],
      [{ name: '无权限编码', menuType: 2, parentId: sub }, '按钮必须填写授权标识（权限编码）'],
      [
        { name: '坏编码', menuType: 2, parentId: sub, perms: "x';drop table sys_permission;--" },
        '权限编码只能由字母、数字和 _ : . - 组成，多个用逗号分隔',
      ],
      [
        { name: '空编码项', menuType: 2, parentId: sub, perms: 'a:b,,c:d' },
        '权限编码只能由字母、数字和 _ : . - 组成，多个用逗号分隔',
      ],
      [{ name: '重复编码', menuType: 2, parentId: sub, perms: 'user:add' }, '权限编码已存在'],
      [
        { name: '部分重复', menuType: 2, parentId: sub, perms: 'fresh:one,check:button' },
        '权限编码已存在',
      ],
      [
        {
          name: '菜单重复',
          menuType: 1,
          parentId: top,
          url: '/a',
          component: 'a',
          perms: 'role:list',
        },
        '权限编码已存在',
      ],
      [{ name: '无路径', menuType: 1, parentId: top, component: 'a' }, '菜单路径不能为空'],
      [{ name: '无组件', menuType: 0, url: '/a', component: '  ' }, '前端组件不能为空'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', PERM('add'), { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code: 500, message });
      expectClean(res);
    }
    expect(await menuCount()).toBe(before);
  });

  it('refuses bad shapes with HTTP 400', async () => {
    const before = await menuCount();
    for (const body of [
      { menuType: 0, url: '/a', component: 'a' },
      { name: ' ', menuType: 0, url: '/a', component: 'a' },
      { name: 'x'.repeat(101), menuType: 0, url: '/a', component: 'a' },
      { name: '无类型', url: '/a', component: 'a' },
      { name: '坏类型', menuType: 5, url: '/a', component: 'a' },
      { name: '坏策略', menuType: 0, url: '/a', component: 'a', permsType: '3' },
      { name: '坏状态', menuType: 0, url: '/a', component: 'a', status: '2' },
      { name: '坏排序', menuType: 0, url: '/a', component: 'a', sortNo: 'abc' },
      { name: '大排序', menuType: 0, url: '/a', component: 'a', sortNo: 1e9 },
      { name: '长路径', menuType: 0, url: `/${'a'.repeat(300)}`, component: 'a' },
      { name: '坏路由', menuType: 0, url: '/a', component: 'a', route: 'maybe' },
    ]) {
      const res = await call(t.app, 'POST', PERM('add'), { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(400);
      expectClean(res);
    }
    expect(await menuCount()).toBe(before);
  });

  it('is refused (510) without permission:add', async () => {
    const res = await call(t.app, 'POST', PERM('add'), {
      token: staff,
      body: { name: 'staff', menuType: 0, url: '/s', component: 's' },
    });
    expect(res.body).toMatchObject(NO_PERMISSION);
  });
});

describe('edit', () => {
  it('edits by PUT and POST; fields left out keep their value; route is accepted', async () => {
    const top = await addTop('编辑顶级');
    const sub = await add({
      name: '编辑子菜单',
      menuType: 1,
      parentId: top,
      url: '/edit/sub',
      component: 'edit/Sub',
      icon: 'edit',
      hidden: true,
    });
    const put = await call(t.app, 'PUT', PERM('edit'), {
      token: admin,
      body: { id: sub, name: '改名子菜单', menuType: 1, route: false, leaf: true },
    });
    expect(put.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await row(sub)).toMatchObject({
      name: '改名子菜单',
      parentId: top,
      url: '/edit/sub',
      icon: 'edit',
      hidden: true,
      isRoute: false,
      isLeaf: true,
      updateBy: 'admin',
    });
    const post = await call(t.app, 'POST', PERM('edit'), {
      token: admin,
      body: { id: sub, name: '再改名', menuType: 1, icon: null, hidden: false, sortNo: 3 },
    });
    expect(post.body.success).toBe(true);
    expect(await row(sub)).toMatchObject({ name: '再改名', icon: null, hidden: false, sortNo: 3 });
  });

  it('moves a row and keeps is_leaf of both parents right; never below itself', async () => {
    const a = await addTop('移动甲');
    const b = await addTop('移动乙');
    const child = await addSub('移动子', a);
    const grandChild = await addSub('移动孙', child);
    expect((await row(a))!.isLeaf).toBe(false);
    expect((await row(b))!.isLeaf).toBe(true);

    const move = await call(t.app, 'PUT', PERM('edit'), {
      token: admin,
      body: { id: child, name: '移动子', menuType: 1, parentId: b },
    });
    expect(move.body.success).toBe(true);
    expect((await row(a))!.isLeaf).toBe(true);
    expect((await row(b))!.isLeaf).toBe(false);
    expect((await row(child))!.parentId).toBe(b);

    for (const parentId of [child, grandChild]) {
      const cycle = await call(t.app, 'PUT', PERM('edit'), {
        token: admin,
        body: { id: child, name: '移动子', menuType: 1, parentId },
      });
      expect(cycle.body).toMatchObject({
        success: false,
        code: 500,
        message: '不能把菜单移到它自己或它的下级菜单下',
      });
    }
    // Becoming a top menu drops the parent.
    const toTop = await call(t.app, 'PUT', PERM('edit'), {
      token: admin,
      body: { id: child, name: '移动子', menuType: 0, parentId: b },
    });
    expect(toTop.body.success).toBe(true);
    expect((await row(child))!.parentId).toBeNull();
    expect((await row(b))!.isLeaf).toBe(true);
  });

  it('refuses a button with children, taken codes, unknown rows and a button as parent', async () => {
    const top = await addTop('编辑校验');
    const sub = await addSub('编辑校验子', top);
    const button = await addButton('编辑校验按钮', sub, 'edit:check');
    const other = await addButton('另一按钮', sub, 'edit:other');
    const cases: [Record<string, unknown>, string][] = [
      [
        { id: sub, name: 'x', menuType: 2, perms: 'edit:sub' },
        '该菜单下还有子菜单或按钮，不能改为按钮',
      ],
      [{ id: other, name: 'x', menuType: 2, perms: 'edit:check' }, '权限编码已存在'],
      [{ id: other, name: 'x', menuType: 2, parentId: button }, '按钮下不能再新增菜单或按钮'],
      [{ id: 'missing', name: 'x', menuType: 0, url: '/a', component: 'a' }, '未找到对应数据'],
      [{ id: sub, name: 'x', menuType: 1, url: '' }, '菜单路径不能为空'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'PUT', PERM('edit'), { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code: 500, message });
    }
    // Its own code is not "taken".
    const same = await call(t.app, 'PUT', PERM('edit'), {
      token: admin,
      body: { id: button, name: '同编码', menuType: 2, perms: 'edit:check' },
    });
    expect(same.body.success).toBe(true);
    const noId = await call(t.app, 'PUT', PERM('edit'), {
      token: admin,
      body: { name: 'x', menuType: 0 },
    });
    expect(noId.status).toBe(400);
    expect(
      (
        await call(t.app, 'PUT', PERM('edit'), {
          token: staff,
          body: { id: button, name: 'x', menuType: 2, perms: 'a:b' },
        })
      ).body,
    ).toMatchObject(NO_PERMISSION);
    expect((await row(button))!.perms).toBe('edit:check');
  });
});

describe('delete and deleteBatch', () => {
  it('removes a row with its children, buttons, rules and grants; the parent becomes a leaf', async () => {
    const top = await addTop('删除顶级');
    const sub = await addSub('删除子', top);
    const button = await addButton('删除按钮', sub, 'delete:probe');
    const rule = newId();
    await t.db
      .insertInto('sys_permission_data_rule')
      .values({
        id: rule,
        permissionId: sub,
        ruleName: 'r',
        ruleColumn: 'a',
        ruleConditions: '=',
        ruleValue: '1',
        createBy: 't',
      })
      .execute();
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_role_permission')
      .values(
        [sub, button].map((permissionId) => ({
          id: newId(),
          roleId: adminRole.id,
          permissionId,
          dataRuleIds: null,
          operateIp: null,
        })),
      )
      .execute();

    const res = await call(t.app, 'DELETE', PERM('delete'), { token: admin, query: { id: sub } });
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row(sub)).toBeUndefined();
    expect(await row(button)).toBeUndefined();
    expect(
      await t.db
        .selectFrom('sys_permission_data_rule')
        .select('id')
        .where('id', '=', rule)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('sys_role_permission')
        .select('id')
        .where('permissionId', 'in', [sub, button])
        .execute(),
    ).toEqual([]);
    expect((await row(top))!.isLeaf).toBe(true);

    const missing = await call(t.app, 'DELETE', PERM('delete'), {
      token: admin,
      query: { id: 'no-such-menu' },
    });
    expect(missing.body).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    const injected = await call(t.app, 'DELETE', PERM('delete'), {
      token: admin,
      query: { id: "x' or '1'='1" },
    });
    expect(injected.status).toBe(400);
    expectClean(injected);
  });

  it('deleteBatch removes every listed row; unknown ids only → 未找到对应数据', async () => {
    const top = await addTop('批量顶级');
    const a = await addSub('批量甲', top);
    const b = await addSub('批量乙', top);
    const keep = await addSub('批量留', top);
    const res = await call(t.app, 'DELETE', PERM('deleteBatch'), {
      token: admin,
      query: { ids: `${a},${b},missing,` },
    });
    expect(res.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await row(a)).toBeUndefined();
    expect(await row(b)).toBeUndefined();
    expect((await row(top))!.isLeaf).toBe(false);
    expect(await row(keep)).toBeDefined();
    const none = await call(t.app, 'DELETE', PERM('deleteBatch'), {
      token: admin,
      query: { ids: 'missing' },
    });
    expect(none.body.message).toBe('未找到对应数据');
    expect((await call(t.app, 'DELETE', PERM('deleteBatch'), { token: admin })).status).toBe(400);
  });

  it('is refused (510) without permission:delete / permission:deleteBatch', async () => {
    const top = await addTop('员工删不掉');
    expect(
      (await call(t.app, 'DELETE', PERM('delete'), { token: staff, query: { id: top } })).body,
    ).toMatchObject(NO_PERMISSION);
    expect(
      (await call(t.app, 'DELETE', PERM('deleteBatch'), { token: staff, query: { ids: top } }))
        .body,
    ).toMatchObject(NO_PERMISSION);
    expect(await row(top)).toBeDefined();
  });
});

describe('every change reaches the holders at once', () => {
  it('disabling, enabling and deleting a granted button change the holder’s codes', async () => {
    const button = await idOf('permission:dataRule');
    const roleId = newId();
    await t.db
      .insertInto('sys_role')
      .values({ id: roleId, roleName: '探针角色', roleCode: 'probe_role', description: null })
      .execute();
    await t.db
      .insertInto('sys_role_permission')
      .values({ id: newId(), roleId, permissionId: button, dataRuleIds: null, operateIp: null })
      .execute();
    await createUser(t.db, {
      username: 'probe.user',
      password: 'Probe-pass-1',
      roleCodes: ['probe_role'],
    });
    const holder = await login(t.app, 'probe.user', 'Probe-pass-1');
    const readRules = async () =>
      (
        await call(t.app, 'GET', PERM('getPermRuleListByPermId'), {
          token: holder,
          query: { permissionId: await idOf('user:list') },
        })
      ).body;
    const setStatus = (status: string) =>
      call(t.app, 'PUT', PERM('edit'), {
        token: admin,
        body: { id: button, name: '数据规则', menuType: 2, status },
      });

    expect((await readRules()).success).toBe(true);
    expect((await setStatus('0')).body.success).toBe(true);
    expect(await readRules()).toMatchObject(NO_PERMISSION);
    expect((await setStatus('1')).body.success).toBe(true);
    expect((await readRules()).success).toBe(true);

    const gone = await call(t.app, 'DELETE', PERM('delete'), {
      token: admin,
      query: { id: button },
    });
    expect(gone.body.success).toBe(true);
    expect(await readRules()).toMatchObject(NO_PERMISSION);
  });
});

async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('菜单');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(content: Buffer, token = admin) {
  const { payload, contentType } = multipartBody('menus.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: PERM('importExcel'),
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return { text: res.body, body: JSON.parse(res.body) as ApiEnvelope<ImportResult> };
}

const HEADER = [
  '菜单名称',
  '菜单类型',
  '上级菜单ID',
  '路径',
  '组件',
  '组件名称',
  '重定向',
  '权限编码',
  '权限策略',
  '排序',
  '图标',
  '隐藏',
  '状态',
  '菜单ID',
];

describe('exportXls and importExcel', () => {
  it('exports the filtered rows of every level with dictionary texts', async () => {
    const users = await idOf('user:list');
    const res = await t.app.inject({
      method: 'GET',
      url: PERM('exportXls'),
      query: { perms: 'user:list,user:add', column: 'menuType', order: 'asc' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[7], r[8], r[11], r[12]])).toEqual([
      ['用户管理', '子菜单', await idByName('系统管理'), 'user:list', '显示', '否', '启用'],
      ['新增', '按钮权限', users, 'user:add', '显示', '否', '启用'],
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: PERM('exportXls'),
      query: { '1=1--': 'x' },
      headers: { 'x-access-token': admin },
    });
    expect(bad.statusCode).toBe(400);
    expectClean({ text: bad.body });
    const refused = await t.app.inject({
      method: 'GET',
      url: PERM('exportXls'),
      headers: { 'x-access-token': staff },
    });
    expect(JSON.parse(refused.body)).toMatchObject(NO_PERMISSION);
  });

  it('imports rows through add; refused rows go to the error file', async () => {
    const parent = await addTop('导入上级');
    const res = await upload(
      await xlsxOf([
        HEADER.slice(0, 13),
        [
          '导入子菜单',
          '子菜单',
          parent,
          '/import/sub',
          'import/Sub',
          null,
          null,
          null,
          null,
          2,
          'file',
          '是',
          '启用',
        ],
        [
          '导入按钮',
          '按钮权限',
          parent,
          null,
          null,
          null,
          null,
          'import:btn',
          '禁用',
          1,
          null,
          null,
          '禁用',
        ],
        [
          '重复按钮',
          '按钮权限',
          parent,
          null,
          null,
          null,
          null,
          'user:add',
          null,
          null,
          null,
          null,
          null,
        ],
        ['坏类型', '大菜单', parent, '/x', 'x', null, null, null, null, null, null, null, null],
        ['无上级', '子菜单', null, '/x', 'x', null, null, null, null, null, null, null, null],
        [
          '坏上级',
          '子菜单',
          "x' or '1'='1",
          '/x',
          'x',
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
      ]),
    );
    expect(res.body).toMatchObject({ code: 201, message: '文件导入成功，但有错误。' });
    expect(res.body.result).toMatchObject({ totalCount: 6, errorCount: 4, successCount: 2 });
    expectClean(res);
    const children = await t.db
      .selectFrom('sys_permission')
      .select(['name', 'menuType', 'url', 'perms', 'permsType', 'sortNo', 'hidden', 'status'])
      .where('parentId', '=', parent)
      .orderBy('sortNo')
      .execute();
    expect(children).toEqual([
      {
        name: '导入按钮',
        menuType: 2,
        url: null,
        perms: 'import:btn',
        permsType: '2',
        sortNo: 1,
        hidden: false,
        status: '0',
      },
      {
        name: '导入子菜单',
        menuType: 1,
        url: '/import/sub',
        perms: null,
        permsType: '1',
        sortNo: 2,
        hidden: true,
        status: '1',
      },
    ]);
    expect((await row(parent))!.isLeaf).toBe(false);

    const good = await upload(
      await xlsxOf([
        HEADER,
        [
          '整表导入',
          '一级菜单',
          null,
          '/whole',
          'layouts/RouteView',
          null,
          null,
          null,
          null,
          7,
          null,
          '否',
          '启用',
          'ignored-id',
        ],
      ]),
    );
    expect(good.body).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    expect(
      await t.db.selectFrom('sys_permission').select('id').where('name', '=', '整表导入').execute(),
    ).toHaveLength(1);

    const refused = await upload(await xlsxOf([HEADER, ['x', '一级菜单']]), staff);
    expect(refused.body).toMatchObject(NO_PERMISSION);
  });
});
