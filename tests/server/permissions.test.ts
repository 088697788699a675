import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthEntry,
  MenuItem,
  PermissionPayload,
  SystemAuthEntry,
} from '../../src/contracts/permission';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const SYSTEM_SCREENS = [
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
];

let t: TestApp;
let admin: PermissionPayload;
let staff: PermissionPayload;

async function payloadOf(username: string, password: string): Promise<PermissionPayload> {
  const token = await login(t.app, username, password);
  const res = await call<PermissionPayload>(t.app, 'GET', API.permissions, { token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, code: 200 });
  expect(Object.keys(res.body.result).sort()).toEqual(['allAuth', 'auth', 'menu']);
  return res.body.result;
}

function byTitle(items: readonly MenuItem[] | undefined, title: string): MenuItem {
  const item = items?.find((m) => m.meta.title === title);
  if (!item) throw new Error(`no menu item ${title}`);
  return item;
}

function walk(items: readonly MenuItem[], visit: (item: MenuItem) => void): void {
  for (const item of items) {
    visit(item);
    if (item.children) walk(item.children, visit);
  }
}

/** Every button row of the system, from the database. */
async function systemButtons() {
  return t.db
    .selectFrom('sys_permission')
    .select(['perms', 'name', 'permsType', 'status'])
    .where('menuType', '=', 2)
    .where('delFlag', '=', 0)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await payloadOf('admin', DEMO_PASSWORD);
  staff = await payloadOf('staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

function expectMenuItemShape(item: MenuItem): void {
  expect(typeof item.id).toBe('string');
  expect(item.id.length).toBeGreaterThan(0);
  expect(typeof item.path).toBe('string');
  expect(item.path.startsWith('/')).toBe(true);
  expect(typeof item.name).toBe('string');
  expect(item.name.length).toBeGreaterThan(0);
  expect(typeof item.component).toBe('string');
  expect(['0', '1']).toContain(item.route);
  expect(typeof item.meta.title).toBe('string');
  expect(typeof item.meta.keepAlive).toBe('boolean');
  expect(typeof item.meta.componentName).toBe('string');
  expect(typeof item.meta.internalOrExternal).toBe('boolean');
  // Flags are present only when set.
  if ('hidden' in item) expect(item.hidden).toBe(true);
  if ('alwaysShow' in item) expect(item.alwaysShow).toBe(true);
  for (const entry of item.meta.permissionList ?? []) expectAuthShape(entry);
}

function expectAuthShape(entry: AuthEntry): void {
  expect(typeof entry.action).toBe('string');
  expect(entry.action.length).toBeGreaterThan(0);
  expect(['1', '2']).toContain(entry.type);
  expect(typeof entry.describe).toBe('string');
}

function expectSystemAuthShape(entry: SystemAuthEntry): void {
  expect(Object.keys(entry).sort()).toEqual(['action', 'describe', 'status', 'type']);
  expectAuthShape(entry);
  expect(['0', '1']).toContain(entry.status);
}

describe('admin', () => {
  it('sees every menu: 首页, 系统管理 with its 11 screens, 低代码, and the hidden 我的消息', () => {
    expect(admin.menu.map((m) => m.meta.title)).toEqual(['首页', '系统管理', '低代码', '我的消息']);
    walk(admin.menu, expectMenuItemShape);

    const home = byTitle(admin.menu, '首页');
    expect(home).toMatchObject({
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      route: '1',
    });
    expect(home.hidden).toBeUndefined();

    const system = byTitle(admin.menu, '系统管理');
    expect(system).toMatchObject({
      path: '/isystem',
      component: 'layouts/RouteView',
      redirect: '/isystem/user',
    });
    expect(system.children?.map((c) => c.meta.title)).toEqual(SYSTEM_SCREENS);
    for (const child of system.children ?? []) {
      expect(child.redirect).toBeUndefined();
      expect(child.hidden).toBeUndefined();
      expect(child.path.startsWith('/isystem/')).toBe(true);
    }
    expect(byTitle(system.children, '用户管理')).toMatchObject({
      path: '/isystem/user',
      name: 'isystem-user',
      component: 'system/UserList',
      meta: { componentName: 'UserList' },
    });

    const lowcode = byTitle(admin.menu, '低代码');
    expect(lowcode).toMatchObject({ path: '/lowcode', redirect: '/lowcode/page' });
    expect(byTitle(lowcode.children, '页面配置')).toMatchObject({
      path: '/lowcode/page',
      component: 'lowcode/PageEditor',
      meta: {
        permissionList: expect.arrayContaining([
          expect.objectContaining({ action: 'lowcode:page:add' }),
          expect.objectContaining({ action: 'lowcode:page:menu' }),
        ]),
      },
    });

    const mine = byTitle(admin.menu, '我的消息');
    expect(mine).toMatchObject({
      path: '/settings/notice/mine',
      hidden: true,
      meta: { hidden: true },
    });
  });

  it('holds every button code, listed on its screen and in auth', async () => {
    const buttons = await systemButtons();
    expect(buttons.length).toBeGreaterThan(20);
    for (const entry of admin.auth) expectAuthShape(entry);
    const actions = admin.auth.map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user:add',
        'user:edit',
        'user:delete',
        'role:add',
        'dict:edit',
        'notice:release',
      ]),
    );
    expect([...actions].sort()).toEqual(buttons.map((b) => b.perms!).sort());
    expect(admin.auth.find((a) => a.action === 'user:add')).toEqual({
      action: 'user:add',
      type: '1',
      describe: '新增',
    });

    const userScreen = byTitle(byTitle(admin.menu, '系统管理').children, '用户管理');
    expect(userScreen.meta.permissionList?.map((p) => p.action)).toEqual(
      expect.arrayContaining(['user:add', 'user:edit', 'user:delete']),
    );
    // Buttons are folded into their screen, never menu entries of their own.
    walk(admin.menu, (item) => expect(item.meta.title).not.toBe('新增'));
  });

  it('allAuth lists every button of the system with action, type, status and describe', async () => {
    const buttons = await systemButtons();
    expect(admin.allAuth).toHaveLength(buttons.length);
    for (const entry of admin.allAuth) expectSystemAuthShape(entry);
    expect(admin.allAuth.find((a) => a.action === 'user:delete')).toEqual({
      action: 'user:delete',
      type: '1',
      status: '1',
      describe: '删除',
    });
  });
});

describe('staff', () => {
  it('sees only 首页, 系统管理 → 用户管理 and 我的消息', () => {
    expect(staff.menu.map((m) => m.meta.title)).toEqual(['首页', '系统管理', '我的消息']);
    walk(staff.menu, expectMenuItemShape);
    const system = byTitle(staff.menu, '系统管理');
    expect(system.children?.map((c) => c.meta.title)).toEqual(['用户管理']);
    const users = byTitle(system.children, '用户管理');
    expect(users.children).toBeUndefined();
    // Read-only: no button of the screen is granted.
    expect(users.meta.permissionList ?? []).toEqual([]);
    expect(byTitle(staff.menu, '我的消息')).toMatchObject({ hidden: true });
  });

  it('holds no button, while allAuth still lists the system buttons', () => {
    expect(staff.auth).toEqual([]);
    expect(staff.allAuth).toEqual(admin.allAuth);
    expect(staff.allAuth.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user:add', 'user:edit', 'user:delete']),
    );
  });
});

describe('a user without roles', () => {
  it('gets only the home entry, no buttons, and the system list', async () => {
    await createUser(t.db, { username: 'no.roles', password: 'No-roles-pass-1' });
    const payload = await payloadOf('no.roles', 'No-roles-pass-1');
    expect(payload.menu.map((m) => m.meta.title)).toEqual(['首页']);
    expect(payload.menu[0]).toMatchObject({ path: '/dashboard/analysis', route: '1' });
    expect(payload.auth).toEqual([]);
    expect(payload.allAuth).toEqual(admin.allAuth);
  });
});

describe('a button disabled system-wide', () => {
  it("is listed in allAuth with status '0' and in nobody's auth", async () => {
    await t.db
      .updateTable('sys_permission')
      .set({ status: '0' })
      .where('perms', '=', 'user:delete')
      .execute();
    await t.db
      .updateTable('sys_permission')
      .set({ permsType: '2' })
      .where('perms', '=', 'user:edit')
      .execute();
    const payload = await payloadOf('admin', DEMO_PASSWORD);
    expect(payload.auth.map((a) => a.action)).not.toContain('user:delete');
    expect(payload.auth.find((a) => a.action === 'user:edit')).toEqual({
      action: 'user:edit',
      type: '2',
      describe: '编辑',
    });
    expect(payload.allAuth.find((a) => a.action === 'user:delete')).toEqual({
      action: 'user:delete',
      type: '1',
      status: '0',
      describe: '删除',
    });
    expect(payload.allAuth).toHaveLength(admin.allAuth.length);
  });
});
