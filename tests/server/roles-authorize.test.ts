import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/**
 * 角色管理 → 授权: the permission tree, a role's grants (queryRolePermission /
 * saveRolePermission) and data rules (datarule), and that holders feel every change at once.
 */

interface TreeNode {
  key: string;
  value: string;
  title: string;
  slotTitle: string;
  label: string;
  icon: string | null;
  isLeaf: boolean;
  parentId: string | null;
  menuType: number;
  perms: string | null;
  ruleFlag: number;
  status: string;
  children?: TreeNode[];
}

interface Rule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string | null;
  status: string;
}

const SYS = (path: string) => `/system/sys/${path}`;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

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

function expectClean(res: CallResult<unknown>): void {
  expect(res.text).not.toMatch(/\n\s+at /);
  expect(res.text).not.toMatch(/select |syntax error|relation /i);
}

async function newRole(roleCode: string): Promise<string> {
  const res = await call<string>(t.app, 'POST', SYS('role/add'), {
    token: admin,
    body: { roleName: roleCode, roleCode },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
}

async function permissionId(perms: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', '=', perms)
    .executeTakeFirstOrThrow();
  return row.id;
}

function save(roleId: string, permissionIds: string, lastpermissionIds: string, token = admin) {
  return call(t.app, 'POST', SYS('permission/saveRolePermission'), {
    token,
    body: { roleId, permissionIds, lastpermissionIds },
  });
}

async function granted(roleId: string): Promise<string[]> {
  const res = await call<string[]>(t.app, 'GET', SYS('permission/queryRolePermission'), {
    token: admin,
    query: { roleId },
  });
  expect(res.body.success).toBe(true);
  return [...res.body.result].sort();
}

describe('queryTreeList', () => {
  it('answers every menu and button as TreeModel, with every id', async () => {
    const res = await call<{ treeList: TreeNode[]; ids: string[] }>(
      t.app,
      'GET',
      SYS('role/queryTreeList'),
      { token: admin },
    );
    expect(res.body.success).toBe(true);
    const { treeList, ids } = res.body.result;
    const rows = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('delFlag', '=', 0)
      .execute();
    expect([...ids].sort()).toEqual(rows.map((r) => r.id).sort());
    expect(treeList.map((n) => n.title)).toEqual(['首页', '系统管理', '低代码', '我的消息']);

    const system = treeList.find((n) => n.title === '系统管理')!;
    const users = system.children!.find((n) => n.title === '用户管理')!;
    expect(users).toMatchObject({
      key: users.value,
      slotTitle: '用户管理',
      label: '用户管理',
      menuType: 1,
      perms: 'user:list',
      ruleFlag: 1,
      isLeaf: false,
      parentId: system.key,
    });
    const addButton = users.children!.find((n) => n.perms === 'user:add')!;
    expect(addButton).toMatchObject({ title: '新增', menuType: 2, isLeaf: true, status: '1' });
    expect(addButton.children).toBeUndefined();
    expect(Object.keys(addButton).sort()).toEqual(
      [
        'icon',
        'isLeaf',
        'key',
        'label',
        'menuType',
        'parentId',
        'perms',
        'ruleFlag',
        'slotTitle',
        'status',
        'title',
        'value',
      ].sort(),
    );
  });

  it('is refused (510) without role:authorize or depart:authorize', async () => {
    expect(
      (await call(t.app, 'GET', SYS('role/queryTreeList'), { token: staff })).body,
    ).toMatchObject(NO_PERMISSION);
  });

  it('answers the same under /sys/permission (jeecg-api.md §4.4), with the same access', async () => {
    const byRole = await call(t.app, 'GET', SYS('role/queryTreeList'), { token: admin });
    const byPermission = await call(t.app, 'GET', SYS('permission/queryTreeList'), {
      token: admin,
    });
    expect(byPermission.body).toMatchObject({ success: true, code: 200 });
    expect(byPermission.body.result).toEqual(byRole.body.result);
    expect(
      (await call(t.app, 'GET', SYS('permission/queryTreeList'), { token: staff })).body,
    ).toMatchObject(NO_PERMISSION);
  });
});

describe('saveRolePermission', () => {
  it('grants and withdraws codes that the holders feel on their very next call', async () => {
    const roleId = await newRole('rule_reader');
    await createUser(t.db, {
      username: 'rule.reader',
      password: 'Rule-reader-1',
      roleCodes: ['rule_reader'],
    });
    const reader = await login(t.app, 'rule.reader', 'Rule-reader-1');
    const userMenu = await permissionId('user:list');
    const dataRuleButton = await permissionId('permission:dataRule');
    const readRules = () =>
      call(t.app, 'GET', SYS('permission/getPermRuleListByPermId'), {
        token: reader,
        query: { permissionId: userMenu },
      });

    expect((await readRules()).body).toMatchObject(NO_PERMISSION);

    const grant = await save(roleId, dataRuleButton, '');
    expect(grant.body).toMatchObject({ success: true, code: 200 });
    const allowed = await readRules();
    expect(allowed.body.success).toBe(true);
    expect((allowed.body.result as Rule[]).map((r) => r.ruleName).sort()).toEqual([
      '仅本人',
      '本部门用户',
    ]);
    expect(await granted(roleId)).toEqual([dataRuleButton]);
    const row = await t.db
      .selectFrom('sys_role_permission')
      .select(['operateDate', 'operateIp'])
      .where('roleId', '=', roleId)
      .executeTakeFirstOrThrow();
    expect(row.operateDate).toBeInstanceOf(Date);
    expect(row.operateIp).toBe('127.0.0.1');

    const withdraw = await save(roleId, '', dataRuleButton);
    expect(withdraw.body.success).toBe(true);
    expect((await readRules()).body).toMatchObject(NO_PERMISSION);
    expect(await granted(roleId)).toEqual([]);
  });

  it('applies the difference only: grants made meanwhile by someone else are kept', async () => {
    const roleId = await newRole('diff_role');
    const [a, b, c] = await Promise.all([
      permissionId('dict:list'),
      permissionId('dict:add'),
      permissionId('dict:edit'),
    ]);
    expect((await save(roleId, `${a},${c}`, '')).body.success).toBe(true);
    // The screen was opened when only `a` was granted: it adds b and drops a.
    expect((await save(roleId, `${b},`, a)).body.success).toBe(true);
    expect(await granted(roleId)).toEqual([b, c].sort());
    // Nothing changed: nothing happens.
    expect((await save(roleId, b, b)).body.success).toBe(true);
    expect(await granted(roleId)).toEqual([b, c].sort());
  });

  it('refuses unknown permissions, unknown roles and bad shapes', async () => {
    const roleId = await newRole('refusing_role');
    const known = await permissionId('dict:list');
    for (const ids of [`${known},missing`, "x' or '1'='1", 'a'.repeat(40)]) {
      const res = await save(roleId, ids, '');
      expect(res.body).toMatchObject({
        success: false,
        code: 500,
        message: '要授予的权限不存在或已删除',
      });
      expectClean(res);
    }
    expect(await granted(roleId)).toEqual([]);

    const noRole = await save('missing-role', known, '');
    expect(noRole.body).toMatchObject({ success: false, code: 500, message: '角色不存在' });
    const noRoleId = await call(t.app, 'POST', SYS('permission/saveRolePermission'), {
      token: admin,
      body: { permissionIds: known },
    });
    expect(noRoleId.status).toBe(400);
    expect(noRoleId.body.code).toBe(400);
    const wrongType = await call(t.app, 'POST', SYS('permission/saveRolePermission'), {
      token: admin,
      body: { roleId, permissionIds: { $ne: '' } },
    });
    expect(wrongType.status).toBe(400);
    expect(await granted(roleId)).toEqual([]);
  });

  it('is refused (510) without role:authorize', async () => {
    const roleId = await newRole('staff_cannot_grant');
    const known = await permissionId('role:list');
    expect((await save(roleId, known, '', staff)).body).toMatchObject(NO_PERMISSION);
    expect(
      (
        await call(t.app, 'GET', SYS('permission/queryRolePermission'), {
          token: staff,
          query: { roleId },
        })
      ).body,
    ).toMatchObject(NO_PERMISSION);
    expect(await granted(roleId)).toEqual([]);
  });

  it('queryRolePermission answers the ids of the admin role (every row) and [] for no role', async () => {
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const all = await t.db.selectFrom('sys_permission').select('id').execute();
    expect(await granted(adminRole.id)).toEqual(all.map((r) => r.id).sort());
    expect(await granted('no-such-role')).toEqual([]);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    const injected = await call(t.app, 'GET', SYS('permission/queryRolePermission'), {
      token: admin,
      query: { roleId: "' or 1=1--" },
    });
    expect(injected.status).toBe(400);
    const missing = await call(t.app, 'GET', SYS('permission/queryRolePermission'), {
      token: admin,
    });
    expect(missing.status).toBe(400);
  });
});

describe('datarule', () => {
  async function seededRules(): Promise<Rule[]> {
    const userMenu = await permissionId('user:list');
    return t.db
      .selectFrom('sys_permission_data_rule')
      .select([
        'id',
        'permissionId',
        'ruleName',
        'ruleColumn',
        'ruleConditions',
        'ruleValue',
        'status',
      ])
      .where('permissionId', '=', userMenu)
      .execute();
  }

  it('the rules a role chose reach its holders at once, in their principal', async () => {
    const roleId = await newRole('own_rows_only');
    const userMenu = await permissionId('user:list');
    const ownRule = (await seededRules()).find((r) => r.ruleName === '仅本人')!;
    expect(ownRule).toMatchObject({ ruleColumn: 'username', ruleValue: '#{sys_user_code}' });

    const before = await call<{ datarule: Rule[]; drChecked: string }>(
      t.app,
      'GET',
      SYS(`role/datarule/${userMenu}/${roleId}`),
      { token: admin },
    );
    expect(before.body.result.drChecked).toBe('');
    expect(before.body.result.datarule.map((r) => r.ruleName).sort()).toEqual([
      '仅本人',
      '本部门用户',
    ]);

    const choose = () =>
      call(t.app, 'POST', SYS('role/datarule'), {
        token: admin,
        body: { permissionId: userMenu, roleId, dataRuleIds: ownRule.id },
      });
    expect((await choose()).body).toMatchObject({
      success: false,
      code: 500,
      message: '请先保存该菜单的授权',
    });
    expect((await save(roleId, userMenu, '')).body.success).toBe(true);

    await createUser(t.db, {
      username: 'own.rows',
      password: 'Own-rows-pass-1',
      roleCodes: ['own_rows_only'],
    });
    const token = await login(t.app, 'own.rows', 'Own-rows-pass-1');
    const principalBefore = await t.ctx.sessions.resolve(token);
    expect(principalBefore!.codes.has('user:list')).toBe(true);
    expect(principalBefore!.dataRules.get('user:list')).toBeUndefined();

    const chosen = await choose();
    expect(chosen.body).toMatchObject({ success: true, code: 200 });
    const after = await call<{ datarule: Rule[]; drChecked: string }>(
      t.app,
      'GET',
      SYS(`role/datarule/${userMenu}/${roleId}`),
      { token: admin },
    );
    expect(after.body.result.drChecked).toBe(ownRule.id);

    // The same session, no new login: the choice was published.
    const principal = await t.ctx.sessions.resolve(token);
    expect(principal!.dataRules.get('user:list')).toEqual([
      {
        id: ownRule.id,
        name: '仅本人',
        column: 'username',
        condition: '=',
        value: '#{sys_user_code}',
      },
    ]);
    // Filed under the screen's buttons too, so its writing routes meet the same rule.
    expect(principal!.dataRules.get('user:edit')?.map((r) => r.id)).toEqual([ownRule.id]);

    const cleared = await call(t.app, 'POST', SYS('role/datarule'), {
      token: admin,
      body: { permissionId: userMenu, roleId, dataRuleIds: '' },
    });
    expect(cleared.body.success).toBe(true);
    expect((await t.ctx.sessions.resolve(token))!.dataRules.get('user:list')).toBeUndefined();
  });

  it('refuses rules of another menu, unknown roles and bad shapes', async () => {
    const roleId = await newRole('rule_refusals');
    const userMenu = await permissionId('user:list');
    const roleMenu = await permissionId('role:list');
    expect((await save(roleId, `${userMenu},${roleMenu}`, '')).body.success).toBe(true);
    const ownRule = (await seededRules()).find((r) => r.ruleName === '仅本人')!;

    const otherMenu = await call(t.app, 'POST', SYS('role/datarule'), {
      token: admin,
      body: { permissionId: roleMenu, roleId, dataRuleIds: ownRule.id },
    });
    expect(otherMenu.body).toMatchObject({ success: false, message: '数据规则不属于该菜单' });
    const injected = await call(t.app, 'POST', SYS('role/datarule'), {
      token: admin,
      body: { permissionId: userMenu, roleId, dataRuleIds: "x' or '1'='1" },
    });
    expect(injected.body).toMatchObject({ success: false, message: '数据规则不属于该菜单' });
    expectClean(injected);
    const noRole = await call(t.app, 'POST', SYS('role/datarule'), {
      token: admin,
      body: { permissionId: userMenu, roleId: 'missing', dataRuleIds: ownRule.id },
    });
    expect(noRole.body.message).toBe('角色不存在');
    const noMenu = await call(t.app, 'POST', SYS('role/datarule'), {
      token: admin,
      body: { roleId, dataRuleIds: ownRule.id },
    });
    expect(noMenu.status).toBe(400);
    const tooLong = await call(t.app, 'POST', SYS('role/datarule'), {
      token: admin,
      body: { permissionId: userMenu, roleId, dataRuleIds: 'x,'.repeat(600) },
    });
    expect(tooLong.status).toBe(400);

    const pathInjection = await call(
      t.app,
      'GET',
      SYS(`role/datarule/${encodeURIComponent("x' or '1'='1")}/${roleId}`),
      { token: admin },
    );
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expect(pathInjection.status).toBe(400);
    expect(pathInjection.body).toMatchObject({ success: false, code: 400 });
    expectClean(pathInjection);
    const unknownMenu = await call(t.app, 'GET', SYS(`role/datarule/no-such-menu/${roleId}`), {
      token: admin,
    });
    expect(unknownMenu.body).toMatchObject({
      success: true,
      result: { datarule: [], drChecked: '' },
    });
    const unknownRole = await call(t.app, 'GET', SYS(`role/datarule/${userMenu}/missing`), {
      token: admin,
    });
    expect(unknownRole.body.message).toBe('角色不存在');
    const longPath = await call(t.app, 'GET', SYS(`role/datarule/${'x'.repeat(40)}/${roleId}`), {
      token: admin,
    });
    expect(longPath.status).toBe(400);
    expect(await t.db.selectFrom('sys_permission_data_rule').select('id').execute()).toHaveLength(
      2,
    );
  });

  it('is refused (510) without role:authorize', async () => {
    const roleId = await newRole('staff_no_rules');
    const userMenu = await permissionId('user:list');
    expect(
      (await call(t.app, 'GET', SYS(`role/datarule/${userMenu}/${roleId}`), { token: staff })).body,
    ).toMatchObject(NO_PERMISSION);
    expect(
      (
        await call(t.app, 'POST', SYS('role/datarule'), {
          token: staff,
          body: { permissionId: userMenu, roleId, dataRuleIds: '' },
        })
      ).body,
    ).toMatchObject(NO_PERMISSION);
  });
});
