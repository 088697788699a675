import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SQL_RULE } from '../../server/http/data-scope';
import { newId } from '../../server/ids';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/** 菜单管理 → 数据规则: listing, adding, editing and deleting the data rules of a menu. */

interface Rule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string | null;
  status: string;
  createTime: string | null;
}

const PERM = (action: string) => `/system/sys/permission/${action}`;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

let t: TestApp;
let admin: string;
let staff: string;
let userMenu: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
  userMenu = await idOf('user:list');
});
afterAll(async () => {
  await t?.close();
});

function expectClean(res: CallResult<unknown>): void {
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

async function ruleFlag(permissionId: string): Promise<number> {
  const row = await t.db
    .selectFrom('sys_permission')
    .select('ruleFlag')
    .where('id', '=', permissionId)
    .executeTakeFirstOrThrow();
  return row.ruleFlag;
}

async function ruleCount(): Promise<number> {
  return (await t.db.selectFrom('sys_permission_data_rule').select('id').execute()).length;
}

/** A fresh sub-menu under 系统管理 (no rules yet). */
async function newMenu(name: string): Promise<string> {
  const system = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('name', '=', '系统管理')
    .executeTakeFirstOrThrow();
  const res = await call<string>(t.app, 'POST', PERM('add'), {
    token: admin,
    body: { name, menuType: 1, parentId: system.id, url: `/rules/${name}`, component: 'x/Y' },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
}

async function addRule(body: Record<string, unknown>): Promise<string> {
  const res = await call<string>(t.app, 'POST', PERM('addPermissionRule'), {
    token: admin,
    body,
  });
  expect(res.body, res.body.message).toMatchObject({ success: true, message: '新增成功！' });
  return res.body.result;
}

function rulesOf(permissionId: string, query: Record<string, string> = {}, token = admin) {
  return call<Rule[]>(t.app, 'GET', PERM('queryPermissionRule'), {
    token,
    query: { permissionId, ...query },
  });
}

describe('getPermRuleListByPermId and queryPermissionRule', () => {
  it('answer the rules of a menu as Rule[]', async () => {
    const res = await call<Rule[]>(t.app, 'GET', PERM('getPermRuleListByPermId'), {
      token: admin,
      query: { permissionId: userMenu },
    });
    expect(res.body.success).toBe(true);
    const rules = res.body.result;
    expect(rules.map((r) => r.ruleName).sort()).toEqual(['仅本人', '本部门用户']);
    const own = rules.find((r) => r.ruleName === '仅本人')!;
    expect(Object.keys(own).sort()).toEqual(
      [
        'createTime',
        'id',
        'permissionId',
        'ruleColumn',
        'ruleConditions',
        'ruleName',
        'ruleValue',
        'status',
        'ruleConditions_dictText',
        'status_dictText',
      ].sort(),
    );
    expect(own).toMatchObject({
      permissionId: userMenu,
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(own.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('queryPermissionRule filters by ruleName, ruleColumn, ruleConditions, ruleValue, status', async () => {
    expect((await rulesOf(userMenu, { ruleName: '仅本人' })).body.result).toHaveLength(1);
    expect((await rulesOf(userMenu, { ruleColumn: 'orgCode' })).body.result[0]!.ruleName).toBe(
      '本部门用户',
    );
    expect((await rulesOf(userMenu, { ruleConditions: 'RIGHT_LIKE' })).body.result).toHaveLength(1);
    expect((await rulesOf(userMenu, { ruleValue: '*user_code*' })).body.result).toHaveLength(1);
    expect((await rulesOf(userMenu, { status: '0' })).body.result).toEqual([]);
    expect((await rulesOf('missing')).body.result).toEqual([]);
  });

  it('refuse unknown names and injection attempts with a clean envelope', async () => {
    const before = await ruleCount();
    const attempts: Record<string, string>[] = [
      { column: 'ruleName;drop table sys_permission_data_rule' },
      { '1=1--': 'x' },
      { permission_id: 'x' },
      {
        superQueryParams: encodeURIComponent(
          JSON.stringify([{ field: 'rule_value;--', rule: 'eq', val: 'x' }]),
        ),
      },
    ];
    for (const query of attempts) {
      const res = await rulesOf(userMenu, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe(400);
      expectClean(res);
    }
    const value = await rulesOf(userMenu, { ruleName: "x' or '1'='1" });
    expect(value.body.result).toEqual([]);
    expect((await rulesOf('no-such-menu')).body.result).toEqual([]);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    const id = await rulesOf("x' or '1'='1");
    expect(id.status).toBe(400);
    expectClean(id);
    const missing = await call(t.app, 'GET', PERM('getPermRuleListByPermId'), { token: admin });
    expect(missing.status).toBe(400);
    expect(await ruleCount()).toBe(before);
  });

  it('are refused (510) without permission:dataRule', async () => {
    expect((await rulesOf(userMenu, {}, staff)).body).toMatchObject(NO_PERMISSION);
    expect(
      (
        await call(t.app, 'GET', PERM('getPermRuleListByPermId'), {
          token: staff,
          query: { permissionId: userMenu },
        })
      ).body,
    ).toMatchObject(NO_PERMISSION);
  });
});

describe('addPermissionRule', () => {
  it('adds a rule to a menu and sets the menu’s ruleFlag', async () => {
    const menu = await newMenu('规则菜单');
    expect(await ruleFlag(menu)).toBe(0);
    const id = await addRule({
      permissionId: menu,
      ruleName: '本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'LEFT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    expect(await ruleFlag(menu)).toBe(1);
    const rules = (await rulesOf(menu)).body.result;
    expect(rules).toEqual([
      expect.objectContaining({
        id,
        permissionId: menu,
        ruleName: '本部门',
        ruleColumn: 'sysOrgCode',
        ruleConditions: 'LEFT_LIKE',
        ruleValue: '#{sys_org_code}',
        status: '1',
      }),
    ]);
  });

  it('refuses USE_SQL_RULES, unknown conditions and variables, bad columns, buttons and unknown menus', async () => {
    const menu = await newMenu('拒绝规则');
    const button = await idOf('user:add');
    const before = await ruleCount();
    const base = {
      permissionId: menu,
      ruleName: 'r',
      ruleColumn: 'a',
      ruleConditions: '=',
      ruleValue: 'v',
    };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...base, ruleColumn: null, ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1 or true' },
        MSG_SQL_RULE,
      ],
      [{ ...base, ruleConditions: 'USE_SQL_RULES' }, MSG_SQL_RULE],
      [{ ...base, ruleConditions: 'BETWEEN' }, '未知的规则条件：BETWEEN'],
      [{ ...base, ruleColumn: 'a;drop table sys_user' }, '规则字段应为字母开头的字段名'],
      [{ ...base, ruleColumn: null }, '规则字段应为字母开头的字段名'],
      [{ ...base, ruleValue: '   ' }, '规则值不能为空'],
      [{ ...base, ruleValue: '#{evil}' }, '未知的系统变量：#{evil}'],
      [{ ...base, permissionId: button }, '数据规则只能加在菜单上，不能加在按钮上'],
      [{ ...base, permissionId: 'no-such-menu' }, '菜单不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', PERM('addPermissionRule'), { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code: 500, message });
      expectClean(res);
    }
    for (const body of [
      { ...base, ruleName: undefined },
      { ...base, ruleName: '' },
      { ...base, ruleConditions: undefined },
      { ...base, ruleValue: undefined },
      { ...base, ruleValue: 'v'.repeat(301) },
      { ...base, ruleColumn: 'c'.repeat(51) },
      { ...base, status: '2' },
      { ...base, permissionId: undefined },
      // Not an id: refused where ids are parsed, before any SQL.
      { ...base, permissionId: "x' or '1'='1" },
    ]) {
      const res = await call(t.app, 'POST', PERM('addPermissionRule'), { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(400);
    }
    expect(await ruleCount()).toBe(before);
    expect(await ruleFlag(menu)).toBe(0);
  });

  it('is refused (510) without permission:dataRule', async () => {
    const res = await call(t.app, 'POST', PERM('addPermissionRule'), {
      token: staff,
      body: {
        permissionId: userMenu,
        ruleName: 'r',
        ruleColumn: 'a',
        ruleConditions: '=',
        ruleValue: 'v',
      },
    });
    expect(res.body).toMatchObject(NO_PERMISSION);
  });
});

describe('editPermissionRule and deletePermissionRule', () => {
  it('edit by PUT and POST; the rule stays on its menu', async () => {
    const menu = await newMenu('编辑规则');
    const other = await newMenu('别的菜单');
    const id = await addRule({
      permissionId: menu,
      ruleName: '原名',
      ruleColumn: 'a',
      ruleConditions: '=',
      ruleValue: '1',
    });
    const put = await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: {
        id,
        permissionId: other,
        ruleName: '新名',
        ruleColumn: 'b',
        ruleConditions: 'IN',
        ruleValue: '1,2',
        status: '0',
      },
    });
    expect(put.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await rulesOf(menu)).body.result).toEqual([
      expect.objectContaining({
        id,
        permissionId: menu,
        ruleName: '新名',
        ruleColumn: 'b',
        ruleConditions: 'IN',
        ruleValue: '1,2',
        status: '0',
      }),
    ]);
    expect(await ruleFlag(other)).toBe(0);
    const post = await call(t.app, 'POST', PERM('editPermissionRule'), {
      token: admin,
      body: { id, ruleName: '又改', ruleColumn: 'b', ruleConditions: '!=', ruleValue: 'x' },
    });
    expect(post.body.success).toBe(true);
    expect((await rulesOf(menu)).body.result[0]).toMatchObject({ ruleName: '又改', status: '1' });

    const sqlRule = await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: { id, ruleName: 'x', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' },
    });
    expect(sqlRule.body).toMatchObject({ success: false, code: 500, message: MSG_SQL_RULE });
    const missing = await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: { id: 'missing', ruleName: 'x', ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' },
    });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const noId = await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: { ruleName: 'x', ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' },
    });
    expect(noId.status).toBe(400);
    expect(
      (
        await call(t.app, 'PUT', PERM('editPermissionRule'), {
          token: staff,
          body: { id, ruleName: 'x', ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' },
        })
      ).body,
    ).toMatchObject(NO_PERMISSION);
  });

  it('delete keeps ruleFlag while rules remain and clears it with the last one', async () => {
    const menu = await newMenu('删除规则');
    const rule = { permissionId: menu, ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' };
    const first = await addRule({ ...rule, ruleName: '一' });
    const second = await addRule({ ...rule, ruleName: '二' });
    const del = (id: string, token = admin) =>
      call(t.app, 'DELETE', PERM('deletePermissionRule'), { token, query: { id } });

    expect((await del(first, staff)).body).toMatchObject(NO_PERMISSION);
    expect((await del(first)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await ruleFlag(menu)).toBe(1);
    expect((await del(second)).body.success).toBe(true);
    expect(await ruleFlag(menu)).toBe(0);
    expect((await rulesOf(menu)).body.result).toEqual([]);
    const missing = await del('no-such-rule');
    expect(missing.body).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    const injected = await del("x' or '1'='1");
    expect(injected.status).toBe(400);
    expectClean(injected);
    expect(
      (await call(t.app, 'DELETE', PERM('deletePermissionRule'), { token: admin })).status,
    ).toBe(400);
  });
});

describe('rule changes reach the principals that cache them', () => {
  it('editing and deleting a chosen rule changes the holder’s rules at once', async () => {
    const roleId = newId();
    await t.db
      .insertInto('sys_role')
      .values({ id: roleId, roleName: '规则角色', roleCode: 'rule_holder', description: null })
      .execute();
    const ruleId = await addRule({
      permissionId: userMenu,
      ruleName: '女性',
      ruleColumn: 'sex',
      ruleConditions: '=',
      ruleValue: '2',
    });
    await t.db
      .insertInto('sys_role_permission')
      .values({ id: newId(), roleId, permissionId: userMenu, dataRuleIds: ruleId, operateIp: null })
      .execute();
    await createUser(t.db, {
      username: 'rule.holder',
      password: 'Rule-holder-1',
      roleCodes: ['rule_holder'],
    });
    const token = await login(t.app, 'rule.holder', 'Rule-holder-1');
    const rules = async () => (await t.ctx.sessions.resolve(token))!.dataRules.get('user:list');
    expect((await rules())?.map((r) => r.value)).toEqual(['2']);

    const edit = await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: {
        id: ruleId,
        ruleName: '男性',
        ruleColumn: 'sex',
        ruleConditions: '=',
        ruleValue: '1',
      },
    });
    expect(edit.body.success).toBe(true);
    expect((await rules())?.map((r) => [r.name, r.value])).toEqual([['男性', '1']]);

    const off = await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: {
        id: ruleId,
        ruleName: '男性',
        ruleColumn: 'sex',
        ruleConditions: '=',
        ruleValue: '1',
        status: '0',
      },
    });
    expect(off.body.success).toBe(true);
    expect(await rules()).toBeUndefined();

    await call(t.app, 'PUT', PERM('editPermissionRule'), {
      token: admin,
      body: {
        id: ruleId,
        ruleName: '男性',
        ruleColumn: 'sex',
        ruleConditions: '=',
        ruleValue: '1',
        status: '1',
      },
    });
    expect(await rules()).toHaveLength(1);
    const del = await call(t.app, 'DELETE', PERM('deletePermissionRule'), {
      token: admin,
      query: { id: ruleId },
    });
    expect(del.body.success).toBe(true);
    expect(await rules()).toBeUndefined();
    // The seeded rules remain, so 用户管理 keeps its flag.
    expect(await ruleFlag(userMenu)).toBe(1);
  });
});
