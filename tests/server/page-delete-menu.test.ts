import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionPayload } from '../../src/contracts/permission';
import { newId } from '../../server/ids';
import { PAGE_API, samplePage } from '../support/pages';
import { createRoleWithCodes, onlineCodes } from '../support/online-tables';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * Deleting a page removes, in the same transaction, its menu entry, its button codes and every
 * grant of them (roles, departments, department roles) with the menu's data rules; holders
 * lose the codes on their very next call. Menus an administrator nested below the entry move
 * up; codes of other pages stay.
 */

const CODE = 'del_orders';
let t: TestApp;
let admin: string;
let menuId: string;

const onlineList = (code: string) => `/system/online/cgform/api/${code}/list`;

async function rowsOf(ids: readonly string[]) {
  const count = async (
    table:
      | 'sys_permission'
      | 'sys_role_permission'
      | 'sys_depart_permission'
      | 'sys_depart_role_permission'
      | 'sys_permission_data_rule',
  ) => {
    const column = table === 'sys_permission' ? 'id' : 'permissionId';
    const rows = await t.db
      .selectFrom(table)
      .select(column)
      .where(column, 'in', [...ids])
      .execute();
    return rows.length;
  };
  return {
    permissions: await count('sys_permission'),
    roleGrants: await count('sys_role_permission'),
    departGrants: await count('sys_depart_permission'),
    departRoleGrants: await count('sys_depart_role_permission'),
    dataRules: await count('sys_permission_data_rule'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const page = samplePage(CODE);
  page.toolbar = [
    { key: 'approve', label: '审批', permission: 'del_orders:approve', url: '/orders/approve' },
  ];
  const added = await call(t.app, 'POST', PAGE_API.add, {
    token: admin,
    body: { definition: page },
  });
  expect(added.body.success, added.body.message).toBe(true);
  const menu = await call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: CODE },
  });
  expect(menu.body.success, menu.body.message).toBe(true);
  menuId = menu.body.result.menuId;
});
afterAll(async () => {
  await t?.close();
});

describe('deleting a page', () => {
  it('removes its menu, buttons, grants and data rules; holders lose the codes at once', async () => {
    const entry = await t.db
      .selectFrom('sys_permission')
      .select(['id', 'perms'])
      .where((eb) => eb.or([eb('id', '=', menuId), eb('parentId', '=', menuId)]))
      .execute();
    expect(entry.map((r) => r.perms).sort()).toEqual(
      [...onlineCodes(CODE), 'del_orders:approve'].sort(),
    );
    const ids = entry.map((r) => r.id);

    // A role, a department and a department role hold the menu and its buttons; a data rule.
    const roleId = newId();
    await t.db
      .insertInto('sys_role')
      .values({ id: roleId, roleName: '订单员', roleCode: 'del_clerk' })
      .execute();
    const depart = await t.db
      .selectFrom('sys_depart')
      .select('id')
      .where('orgCode', '=', 'A01')
      .executeTakeFirstOrThrow();
    const departRoleId = newId();
    await t.db
      .insertInto('sys_depart_role')
      .values({ id: departRoleId, departId: depart.id, roleName: '订单', roleCode: 'del_d' })
      .execute();
    for (const permissionId of ids) {
      await t.db
        .insertInto('sys_role_permission')
        .values({ id: newId(), roleId, permissionId })
        .execute();
      await t.db
        .insertInto('sys_depart_permission')
        .values({ id: newId(), departId: depart.id, permissionId })
        .execute();
      await t.db
        .insertInto('sys_depart_role_permission')
        .values({ id: newId(), departId: depart.id, roleId: departRoleId, permissionId })
        .execute();
    }
    const rule = await call(t.app, 'POST', '/system/sys/permission/addPermissionRule', {
      token: admin,
      body: {
        permissionId: menuId,
        ruleName: '本人',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
    });
    expect(rule.body.success, rule.body.message).toBe(true);
    // A menu an administrator nested below the page's entry, and another page's code.
    const nested = await call<string>(t.app, 'POST', '/system/sys/permission/add', {
      token: admin,
      body: {
        name: '订单报表',
        menuType: 1,
        parentId: menuId,
        url: '/report/orders',
        component: 'report/Orders',
      },
    });
    expect(nested.body.success, nested.body.message).toBe(true);
    await createRoleWithCodes(t.db, 'del_other', [`online:${CODE}x:list`, `online:${CODE}:export`]);

    const clerk = await signedInUser(t, 'del_clerk1', 'Clerk-pass-42', ['del_clerk']);
    expect((await call(t.app, 'GET', onlineList(CODE), { token: clerk })).body.success).toBe(true);
    const before = await call<PermissionPayload>(t.app, 'GET', API.permissions, { token: clerk });
    expect(before.body.result.auth.map((a) => a.action)).toContain(`online:${CODE}:add`);
    expect(await rowsOf(ids)).toEqual({
      permissions: ids.length,
      roleGrants: ids.length * 2, // the clerk's role and admin (加入菜单 granted it)
      departGrants: ids.length,
      departRoleGrants: ids.length,
      dataRules: 1,
    });

    const res = await call(t.app, 'DELETE', PAGE_API.delete, {
      token: admin,
      query: { code: CODE },
    });
    expect(res.body).toMatchObject({ success: true });

    expect(await rowsOf(ids)).toEqual({
      permissions: 0,
      roleGrants: 0,
      departGrants: 0,
      departRoleGrants: 0,
      dataRules: 0,
    });
    const left = await t.db
      .selectFrom('sys_permission')
      .select(['id', 'perms', 'parentId', 'menuType'])
      .where((eb) =>
        eb.or([
          eb('perms', 'like', `online:${CODE}%`),
          eb('perms', '=', 'del_orders:approve'),
          eb('id', '=', nested.body.result),
        ]),
      )
      .execute();
    expect(left.map((r) => [r.perms, r.parentId, r.menuType])).toEqual(
      expect.arrayContaining([
        [`online:${CODE}x:list`, null, 2],
        [null, null, 0],
      ]),
    );
    expect(left).toHaveLength(2);

    // The clerk's next call meets the change: the page is gone (页面不存在 comes before the
    // permission check, see online-missing-page), and the clerk's own codes no longer hold it.
    expect((await call(t.app, 'GET', onlineList(CODE), { token: clerk })).body).toMatchObject({
      code: 404,
    });
    const own = await call<PermissionPayload>(t.app, 'GET', API.permissions, { token: clerk });
    expect(own.body.success, own.body.message).toBe(true);
    expect(own.body.result.auth.map((a) => a.action)).not.toContain(`online:${CODE}:add`);
    expect(JSON.stringify(own.body.result)).not.toContain(`online:${CODE}:`);
    const menu = await call<PermissionPayload>(t.app, 'GET', API.permissions, { token: admin });
    expect(JSON.stringify(menu.body.result.menu)).not.toContain(`/online/page/${CODE}`);
  });

  it('of a page that does not exist removes nothing', async () => {
    await createRoleWithCodes(t.db, 'del_ghost', onlineCodes('del_ghost'));
    const res = await call(t.app, 'DELETE', PAGE_API.delete, {
      token: admin,
      query: { code: 'del_ghost' },
    });
    expect(res.body).toMatchObject({ success: false, code: 404 });
    const kept = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', 'like', 'online:del_ghost:%')
      .execute();
    expect(kept).toHaveLength(6);
  });
});
