import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../server/http/envelope';
import { permission } from '../../server/http/access';
import {
  MSG_GRANT_FIRST,
  MSG_OUTSIDE_DEPART,
  MSG_UNKNOWN_PERMISSION,
  MSG_UNKNOWN_RULE,
} from '../../server/modules/permission/grants';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';
import {
  DEPART_PERMISSION,
  DEPART_ROLE,
  PERMISSION,
  addMember,
  departIdOf,
  expectBadRequest,
  expectClean,
  expectDenied,
  expectOk,
  expectRefused,
} from './departs-fixtures';

/**
 * 部门授权 and 部门角色授权: what a department holds, what its roles hold within that, data
 * rules, and the codes a user gets through a department role — end to end over HTTP.
 */

const NEEDS_USER_ADD = '/system/test-departs/needs-user-add';

interface TreeNode {
  readonly key: string;
  readonly title: string;
  readonly menuType: number;
  readonly perms: string | null;
  readonly children?: TreeNode[];
}

let t: TestApp;
let admin: string;
let staff: string;
let departId: string;
let userMenu: string;
let addButton: string;
let editButton: string;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get(NEEDS_USER_ADD, { config: { access: permission('user:add') } }, async () =>
        ok('reached'),
      );
    },
  });
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
  departId = await departIdOf(t.db, 'A01A03');
  const idOf = async (perms: string) =>
    (
      await t.db
        .selectFrom('sys_permission')
        .select('id')
        .where('perms', '=', perms)
        .executeTakeFirstOrThrow()
    ).id;
  [userMenu, addButton, editButton] = await Promise.all([
    idOf('user:list'),
    idOf('user:add'),
    idOf('user:edit'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const post = <T = unknown>(url: string, body: Record<string, unknown>, token = admin) =>
  call<T>(t.app, 'POST', url, { token, body });
const get = <T = unknown>(url: string, query: Record<string, string> = {}, token = admin) =>
  call<T>(t.app, 'GET', url, { token, query });

const departGrants = async (id = departId) =>
  expectOk(await get<string[]>(`${PERMISSION}/queryDepartPermission`, { departId: id }));

async function saveDepart(next: string[], last: string[], id = departId) {
  return post(`${PERMISSION}/saveDepartPermission`, {
    departId: id,
    permissionIds: next.join(','),
    lastpermissionIds: last.join(','),
  });
}

async function newDepartRole(code: string, inDepart = departId): Promise<string> {
  return expectOk(
    await post<string>(`${DEPART_ROLE}/add`, {
      departId: inDepart,
      roleName: code,
      roleCode: code,
    }),
  );
}

const roleGrants = async (roleId: string) =>
  expectOk(await get<string[]>(`${DEPART_PERMISSION}/queryDeptRolePermission`, { roleId }));

describe('department permissions', () => {
  it('grants and withdraws by the difference the screen sends', async () => {
    expect(await departGrants()).toEqual([]);
    const res = await saveDepart([userMenu, addButton, editButton], []);
    expect(res.body.message).toBe('保存成功！');
    expectOk(res);
    expect((await departGrants()).sort()).toEqual([userMenu, addButton, editButton].sort());
    expectOk(await saveDepart([userMenu, addButton], [userMenu, addButton, editButton]));
    expect((await departGrants()).sort()).toEqual([userMenu, addButton].sort());
  });

  it('refuses unknown permissions and departments, bad shapes and staff', async () => {
    expectRefused(await saveDepart(['no-such-permission'], []), MSG_UNKNOWN_PERMISSION);
    expectRefused(await saveDepart([userMenu], [], 'no-such-depart'), '部门不存在');
    expectBadRequest(await post(`${PERMISSION}/saveDepartPermission`, { permissionIds: 'x' }));
    expectBadRequest(await get(`${PERMISSION}/queryDepartPermission`));
    expectDenied(await get(`${PERMISSION}/queryDepartPermission`, { departId }, staff));
    expectDenied(
      await post(
        `${PERMISSION}/saveDepartPermission`,
        { departId, permissionIds: userMenu },
        staff,
      ),
    );
    // Not an id: refused (400) where ids are parsed, before any SQL.
    const injected = await get<string[]>(`${PERMISSION}/queryDepartPermission`, {
      departId: "' or '1'='1",
    });
    expectBadRequest(injected);
  });

  it("queryTreeListForDeptRole shows only the department's grants", async () => {
    const res = await get<{ treeList: TreeNode[]; ids: string[] }>(
      `${DEPART_PERMISSION}/queryTreeListForDeptRole`,
      { departId },
    );
    const { treeList, ids } = expectOk(res);
    expect(ids.sort()).toEqual([userMenu, addButton].sort());
    expect(treeList.map((n) => n.title)).toEqual(['用户管理']);
    expect(treeList[0]!.children!.map((n) => [n.perms, n.menuType])).toEqual([['user:add', 2]]);
    expectDenied(await get(`${DEPART_PERMISSION}/queryTreeListForDeptRole`, { departId }, staff));
  });
});

describe('department data rules', () => {
  it('answers the menu rules and saves the choice of a department holding the menu', async () => {
    const url = `${DEPART_PERMISSION}/datarule/${userMenu}/${departId}`;
    const before = expectOk(
      await get<{ datarule: { id: string; ruleName: string }[]; drChecked: string }>(url),
    );
    expect(before.datarule.map((r) => r.ruleName).sort()).toEqual(['仅本人', '本部门用户']);
    expect(before.drChecked).toBe('');
    const chosen = before.datarule[0]!.id;
    expectOk(
      await post(`${DEPART_PERMISSION}/datarule`, {
        permissionId: userMenu,
        departId,
        dataRuleIds: chosen,
      }),
    );
    expect(expectOk(await get<{ drChecked: string }>(url)).drChecked).toBe(chosen);
  });

  it('refuses a menu the department does not hold, foreign rules and unknown departments', async () => {
    const other = await departIdOf(t.db, 'A01A04');
    expectRefused(
      await post(`${DEPART_PERMISSION}/datarule`, { permissionId: userMenu, departId: other }),
      MSG_GRANT_FIRST,
    );
    expectRefused(
      await post(`${DEPART_PERMISSION}/datarule`, {
        permissionId: userMenu,
        departId,
        dataRuleIds: 'not-a-rule',
      }),
      MSG_UNKNOWN_RULE,
    );
    const unknown = await get(`${DEPART_PERMISSION}/datarule/${userMenu}/no-such-depart`);
    expectClean(unknown);
    expectRefused(unknown, '部门不存在');
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(
      await get(`${DEPART_PERMISSION}/datarule/${userMenu}/${encodeURIComponent("x' or 1=1--")}`),
    );
    expectDenied(await get(`${DEPART_PERMISSION}/datarule/${userMenu}/${departId}`, {}, staff));
    expectDenied(
      await post(`${DEPART_PERMISSION}/datarule`, { permissionId: userMenu, departId }, staff),
    );
    expectBadRequest(await post(`${DEPART_PERMISSION}/datarule`, { departId }));
  });
});

describe('department role permissions', () => {
  it('grants a role only what its department holds', async () => {
    const roleId = await newDepartRole('grant_check');
    expect(await roleGrants(roleId)).toEqual([]);
    expectRefused(
      await post(`${DEPART_PERMISSION}/saveDeptRolePermission`, {
        roleId,
        permissionIds: `${userMenu},${editButton}`,
      }),
      MSG_OUTSIDE_DEPART,
    );
    expect(await roleGrants(roleId)).toEqual([]);
    expectOk(
      await post(`${DEPART_PERMISSION}/saveDeptRolePermission`, {
        roleId,
        permissionIds: userMenu,
        lastpermissionIds: '',
      }),
    );
    expect(await roleGrants(roleId)).toEqual([userMenu]);
    const stored = await t.db
      .selectFrom('sys_depart_role_permission')
      .select(['departId', 'operateDate'])
      .where('roleId', '=', roleId)
      .executeTakeFirstOrThrow();
    expect(stored.departId).toBe(departId);
    expect(stored.operateDate).toBeInstanceOf(Date);
  });

  it('refuses unknown roles, bad shapes and staff', async () => {
    expectRefused(
      await post(`${DEPART_PERMISSION}/saveDeptRolePermission`, {
        roleId: 'no-such-role',
        permissionIds: userMenu,
      }),
      '部门角色不存在',
    );
    expectRefused(
      await get(`${DEPART_PERMISSION}/queryDeptRolePermission`, { roleId: 'no-such-role' }),
      '部门角色不存在',
    );
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(
      await get(`${DEPART_PERMISSION}/queryDeptRolePermission`, { roleId: "' or 1=1--" }),
    );
    expectBadRequest(await post(`${DEPART_PERMISSION}/saveDeptRolePermission`, {}));
    expectDenied(await get(`${DEPART_PERMISSION}/queryDeptRolePermission`, { roleId: 'x' }, staff));
    expectDenied(await post(`${DEPART_PERMISSION}/saveDeptRolePermission`, { roleId: 'x' }, staff));
  });
});

describe('codes through a department role (end to end)', () => {
  it('a member holding a department role gets its codes; withdrawing from the department takes them', async () => {
    const depart = await departIdOf(t.db, 'A02A01');
    const userId = await createUser(t.db, { username: 'drole_member', password: DEMO_PASSWORD });
    await addMember(t.db, userId, depart);
    const token = await login(t.app, 'drole_member', DEMO_PASSWORD);
    const needsUserAdd = () => call(t.app, 'GET', NEEDS_USER_ADD, { token });
    const authCodes = async () =>
      expectOk(
        await call<{ auth: { action: string }[] }>(t.app, 'GET', API.permissions, { token }),
      ).auth.map((a) => a.action);
    expectDenied(await needsUserAdd());

    expectOk(await saveDepart([userMenu, addButton], [], depart));
    const roleId = await newDepartRole('user_adder', depart);
    expectOk(
      await post(`${DEPART_PERMISSION}/saveDeptRolePermission`, {
        roleId,
        permissionIds: `${userMenu},${addButton}`,
        lastpermissionIds: '',
      }),
    );
    expectDenied(await needsUserAdd()); // the role is not the user's yet

    expectOk(await post(`${DEPART_ROLE}/deptRoleUserAdd`, { userId, newRoleId: roleId }));
    expect(expectOk(await needsUserAdd())).toBe('reached');
    expect(await authCodes()).toContain('user:add');

    expectOk(await saveDepart([userMenu], [userMenu, addButton], depart));
    expect(await roleGrants(roleId)).toEqual([userMenu]);
    expectDenied(await needsUserAdd());
    expect(await authCodes()).not.toContain('user:add');
  });

  it('refuses to give a department role to a user who is not a member', async () => {
    const depart = await departIdOf(t.db, 'A02A02');
    const userId = await createUser(t.db, { username: 'drole_outsider', password: 'x' });
    const roleId = await newDepartRole('outsiders', depart);
    expectRefused(
      await post(`${DEPART_ROLE}/deptRoleUserAdd`, { userId, newRoleId: roleId }),
      '该用户不是此部门的成员，不能授予部门角色',
    );
    const held = await t.db
      .selectFrom('sys_depart_role_user')
      .select('id')
      .where('userId', '=', userId)
      .execute();
    expect(held).toEqual([]);
  });
});
