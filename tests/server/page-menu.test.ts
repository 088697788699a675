import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, PermissionPayload } from '../../src/contracts/permission';
import { newId } from '../../server/ids';
import { PAGE_API, samplePage } from '../support/pages';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const page = samplePage('menu_orders');
  page.toolbar = [
    { key: 'add', permission: 'online:menu_orders:add' },
    { key: 'approve', label: '审批', permission: 'orders:approve', url: '/orders/approve' },
    { key: 'users', label: '用户', permission: 'user:add' },
  ];
  page.rowActions = [
    { key: 'ship', label: '发货', permission: 'orders:ship', url: '/orders/ship' },
  ];
  for (const definition of [page, samplePage('menu_nested'), samplePage('menu_custom')]) {
    const res = await call(t.app, 'POST', PAGE_API.add, { token: admin, body: { definition } });
    expect(res.body.success).toBe(true);
  }
});
afterAll(async () => {
  await t?.close();
});

const addToMenu = (body: object, token = admin) =>
  call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, { token, body });

async function payload(token: string): Promise<PermissionPayload> {
  return (await call<PermissionPayload>(t.app, 'GET', API.permissions, { token })).body.result;
}

function find(items: readonly MenuItem[], path: string): MenuItem | undefined {
  for (const item of items) {
    if (item.path === path) return item;
    const inner = item.children ? find(item.children, path) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

describe('add to menu', () => {
  it('creates the menu and its buttons, granted to admin at once', async () => {
    const before = await payload(admin);
    expect(find(before.menu, '/online/page/menu_orders')).toBeUndefined();

    const res = await addToMenu({ code: 'menu_orders', icon: 'shopping' });
    expect(res.body).toMatchObject({ success: true, message: '已加入菜单' });
    const menuId = res.body.result.menuId;

    const rows = await t.db
      .selectFrom('sys_permission')
      .select(['id', 'parentId', 'name', 'url', 'component', 'menuType', 'perms', 'icon'])
      .where((eb) => eb.or([eb('id', '=', menuId), eb('parentId', '=', menuId)]))
      .orderBy('menuType')
      .orderBy('sortNo')
      .execute();
    expect(rows[0]).toMatchObject({
      parentId: null,
      name: '测试页面 menu_orders',
      url: '/online/page/menu_orders',
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      menuType: 0,
      perms: 'online:menu_orders:list',
      icon: 'shopping',
    });
    expect(rows.slice(1).map((r) => [r.name, r.perms])).toEqual([
      ['新增', 'online:menu_orders:add'],
      ['编辑', 'online:menu_orders:edit'],
      ['删除', 'online:menu_orders:delete'],
      ['导出', 'online:menu_orders:export'],
      ['导入', 'online:menu_orders:import'],
      ['审批', 'orders:approve'],
      ['发货', 'orders:ship'],
    ]);

    // The same session sees it: the bus told the session cache.
    const after = await payload(admin);
    const item = find(after.menu, '/online/page/menu_orders');
    expect(item).toMatchObject({
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      meta: { title: '测试页面 menu_orders', icon: 'shopping' },
    });
    expect(item?.meta.permissionList?.map((p) => p.action)).toEqual([
      'online:menu_orders:add',
      'online:menu_orders:edit',
      'online:menu_orders:delete',
      'online:menu_orders:export',
      'online:menu_orders:import',
      'orders:approve',
      'orders:ship',
    ]);
    const codes = after.auth.map((a) => a.action);
    expect(codes).toEqual(expect.arrayContaining(['online:menu_orders:add', 'orders:ship']));
    expect(after.allAuth.map((a) => a.action)).toContain('online:menu_orders:import');
  });

  it('refuses a second menu for the same url', async () => {
    const res = await addToMenu({ code: 'menu_orders' });
    expect(res.body).toMatchObject({
      success: false,
      message: '菜单「测试页面 menu_orders」已链接到 /online/page/menu_orders，不能重复加入',
    });
  });

  it('puts a menu under a parent, with a custom url and name', async () => {
    const parent = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('name', '=', '低代码')
      .executeTakeFirstOrThrow();
    const res = await addToMenu({ code: 'menu_nested', parentId: parent.id, name: '嵌套页面' });
    expect(res.body.success).toBe(true);
    const custom = await addToMenu({
      code: 'menu_custom',
      parentId: parent.id,
      url: '/orders/custom',
    });
    expect(custom.body.success).toBe(true);
    const menu = (await payload(admin)).menu;
    const lowcode = menu.find((m) => m.meta.title === '低代码');
    expect(lowcode?.children?.map((c) => c.meta.title)).toEqual([
      '页面配置',
      '报表配置',
      '嵌套页面',
      '测试页面 menu_custom',
    ]);
    expect(find(menu, '/orders/custom')?.component).toBe('page/menu_custom');
    const row = await t.db
      .selectFrom('sys_permission')
      .select('menuType')
      .where('id', '=', res.body.result.menuId)
      .executeTakeFirstOrThrow();
    expect(row.menuType).toBe(1);
  });

  it('refuses an unknown page or parent', async () => {
    expect((await addToMenu({ code: 'menu_none' })).body.message).toBe('页面 menu_none 不存在');
    const parent = await addToMenu({ code: 'menu_custom', parentId: 'nope', url: '/elsewhere' });
    expect(parent.body.message).toBe('上级菜单不存在');
    const badUrl = await addToMenu({ code: 'menu_custom', url: "javascript:alert('x')" });
    expect(badUrl.status).toBe(400);
  });

  it('grants the caller’s own roles too; staff without the code gets 510', async () => {
    const roleId = newId();
    await t.db
      .insertInto('sys_role')
      .values({ id: roleId, roleName: '页面设计', roleCode: 'page_designer' })
      .execute();
    const codes = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', 'in', ['lowcode:page:list', 'lowcode:page:add', 'lowcode:page:menu'])
      .execute();
    await t.db
      .insertInto('sys_role_permission')
      .values(codes.map((c) => ({ id: newId(), roleId, permissionId: c.id })))
      .execute();
    await createUser(t.db, {
      username: 'designer',
      password: 'Designer-pass-1',
      roleCodes: ['page_designer'],
    });
    const designer = await login(t.app, 'designer', 'Designer-pass-1');
    await call(t.app, 'POST', PAGE_API.add, {
      token: designer,
      body: { definition: samplePage('menu_designer') },
    });
    const res = await addToMenu({ code: 'menu_designer' }, designer);
    expect(res.body.success).toBe(true);
    const mine = await payload(designer);
    expect(find(mine.menu, '/online/page/menu_designer')).toBeDefined();
    expect(mine.auth.map((a) => a.action)).toContain('online:menu_designer:delete');
    expect(find((await payload(admin)).menu, '/online/page/menu_designer')).toBeDefined();

    const staff = await login(t.app, 'staff', DEMO_PASSWORD);
    const refused = await addToMenu({ code: 'menu_custom', url: '/x/y' }, staff);
    expect(refused.body.code).toBe(510);
    expect(find((await payload(staff)).menu, '/online/page/menu_orders')).toBeUndefined();
  });
});
