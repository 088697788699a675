import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { MSG_GRANT_FIRST } from '../../server/modules/permission/grants';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';
import {
  DEPART_ROLE,
  LIST_INJECTIONS,
  PERMISSION,
  DEPART_PERMISSION,
  addMember,
  departIdOf,
  expectBadRequest,
  expectClean,
  expectDenied,
  expectOk,
  expectRefused,
} from './departs-fixtures';

/** 部门角色: the roles of a department, their users and their data rules. */

type Rec = Record<string, unknown>;

let t: TestApp;
let admin: string;
let staff: string;
let rd: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
  ]);
  [rd, finance] = await Promise.all([departIdOf(t.db, 'A01A02'), departIdOf(t.db, 'A01A04')]);
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string) => `${DEPART_ROLE}/${path}`;
const post = <T = unknown>(path: string, body: Record<string, unknown>, token = admin) =>
  call<T>(t.app, 'POST', url(path), { token, body });
const get = <T = unknown>(path: string, query: Record<string, string> = {}, token = admin) =>
  call<T>(t.app, 'GET', url(path), { token, query });

async function addRole(departId: string, roleCode: string, roleName = roleCode) {
  const res = await post<string>('add', { departId, roleName, roleCode, description: 'd' });
  expect(res.body.message).toBe('新增成功！');
  return expectOk(res);
}

describe('list', () => {
  it("pages one department's roles with filters", async () => {
    const page = expectOk(await get<Page<Rec>>('list', { deptId: rd }));
    expect(page.records.map((r) => [r.roleCode, r.roleName, r.departId])).toEqual([
      ['dev_manager', '研发主管', rd],
    ]);
    expect(page.records[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(expectOk(await get<Page<Rec>>('list', { deptId: finance })).total).toBe(0);
    const filtered = expectOk(await get<Page<Rec>>('list', { deptId: rd, roleName: '*运维*' }));
    expect(filtered.records).toEqual([]);
  });

  it('needs deptId, refuses unknown fields and injections cleanly, needs depart:role', async () => {
    expectBadRequest(await get('list'));
    const unknown = await get('list', { deptId: rd, password: 'x' });
    expectBadRequest(unknown);
    expect(unknown.body.message).toBe('未知的查询字段：password');
    for (const query of LIST_INJECTIONS) expectClean(await get('list', { deptId: rd, ...query }));
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await get<Page<Rec>>('list', { deptId: "' or '1'='1" }));
    expect(expectOk(await get<Page<Rec>>('list', { deptId: 'no-such-depart' })).total).toBe(0);
    expectDenied(await get('list', { deptId: rd }, staff));
  });
});

describe('add / edit', () => {
  it('adds roles whose codes are unique within their department', async () => {
    const id = await addRole(finance, 'auditor', '审计');
    expectRefused(
      await post('add', { departId: finance, roleName: 'x', roleCode: 'auditor' }),
      '部门角色编码“auditor”已存在',
    );
    await addRole(rd, 'auditor', '研发审计');
    const stored = await t.db
      .selectFrom('sys_depart_role')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      departId: finance,
      roleName: '审计',
      roleCode: 'auditor',
      description: 'd',
      createBy: 'admin',
    });
  });

  it('refuses an unknown department, bad shapes and staff', async () => {
    expectRefused(
      await post('add', { departId: 'no-such', roleName: 'x', roleCode: 'xx' }),
      '部门不存在',
    );
    for (const body of [
      { roleName: 'x', roleCode: 'xx' },
      { departId: finance, roleName: '', roleCode: 'xx' },
      { departId: finance, roleName: 'x', roleCode: "x'; drop table sys_depart_role--" },
      { departId: finance, roleName: 'x', roleCode: '1abc' },
    ]) {
      expectBadRequest(await post('add', body));
    }
    expectDenied(await post('add', { departId: finance, roleName: 'x', roleCode: 'xx' }, staff));
  });

  it('edits name, code and description; the department cannot change', async () => {
    const id = await addRole(finance, 'cashier');
    const res = await call(t.app, 'PUT', url('edit'), {
      token: admin,
      body: { id, departId: finance, roleName: '出纳', roleCode: 'cashier2', description: null },
    });
    expect(res.body.message).toBe('编辑成功!');
    expectOk(res);
    const stored = await t.db
      .selectFrom('sys_depart_role')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ roleName: '出纳', roleCode: 'cashier2', description: null });
    const edit = (body: Rec, token = admin) => call(t.app, 'PUT', url('edit'), { token, body });
    expectRefused(
      await edit({ id, departId: rd, roleName: 'x', roleCode: 'cashier2' }),
      '部门角色所属部门不能修改',
    );
    expectRefused(
      await edit({ id, roleName: 'x', roleCode: 'auditor' }),
      '部门角色编码“auditor”已存在',
    );
    expectRefused(await edit({ id: 'no-such', roleName: 'x', roleCode: 'xx' }), '未找到对应数据');
    expectBadRequest(await edit({ roleName: 'x', roleCode: 'xx' }));
    expectDenied(await edit({ id, roleName: 'x', roleCode: 'xx' }, staff));
  });
});

describe('role users', () => {
  it('getDeptRoleList answers the roles; deptRoleUserAdd sets what a member holds', async () => {
    const roles = expectOk(await get<Rec[]>('getDeptRoleList', { departId: rd, userId: 'x' }));
    expect(roles.map((r) => r.roleCode)).toEqual(['dev_manager', 'auditor']);
    const [manager, auditor] = roles.map((r) => r.id as string);
    const userId = await createUser(t.db, { username: 'rd_member', password: 'x' });
    await addMember(t.db, userId, rd);
    const held = async () =>
      expectOk(await get<string[]>('getDeptRoleByUserId', { userId, departId: rd }));

    expect(await held()).toEqual([]);
    const res = await post('deptRoleUserAdd', { userId, newRoleId: `${manager},${auditor}` });
    expect(res.body.message).toBe('保存成功！');
    expectOk(res);
    expect(await held()).toEqual([manager, auditor]);
    expectOk(
      await post('deptRoleUserAdd', {
        userId,
        newRoleId: auditor,
        oldRoleId: `${manager},${auditor}`,
      }),
    );
    expect(await held()).toEqual([auditor]);
    expect(
      expectOk(await get<string[]>('getDeptRoleByUserId', { userId, departId: finance })),
    ).toEqual([]);
  });

  it('refuses unknown users and roles, bad shapes and staff', async () => {
    const [manager] = expectOk(await get<Rec[]>('getDeptRoleList', { departId: rd }));
    expectRefused(
      await post('deptRoleUserAdd', { userId: 'no-such', newRoleId: manager!.id }),
      '用户不存在',
    );
    const userId = await createUser(t.db, { username: 'rd_member2', password: 'x' });
    await addMember(t.db, userId, rd);
    expectRefused(
      await post('deptRoleUserAdd', { userId, newRoleId: 'no-such,other' }),
      '部门角色不存在',
    );
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await post('deptRoleUserAdd', { userId, newRoleId: "no-such,' or 1=1--" }));
    expectBadRequest(await post('deptRoleUserAdd', { newRoleId: 'x' }));
    expectBadRequest(await get('getDeptRoleList'));
    expectBadRequest(await get('getDeptRoleByUserId', { userId }));
    expectDenied(await get('getDeptRoleList', { departId: rd }, staff));
    expectDenied(await get('getDeptRoleByUserId', { userId, departId: rd }, staff));
    expectDenied(await post('deptRoleUserAdd', { userId, newRoleId: 'x' }, staff));
  });
});

describe('role data rules', () => {
  it("answers the menu's rules and saves a role's choice on a menu it holds", async () => {
    const menu = (
      await t.db
        .selectFrom('sys_permission')
        .select('id')
        .where('perms', '=', 'user:list')
        .executeTakeFirstOrThrow()
    ).id;
    const roleId = await addRole(rd, 'rule_holder');
    const path = `datarule/${menu}/${rd}/${roleId}`;
    const before = expectOk(await get<{ datarule: { id: string }[]; drChecked: string }>(path));
    expect(before.datarule).toHaveLength(2);
    expect(before.drChecked).toBe('');
    const body = { permissionId: menu, departId: rd, roleId, dataRuleIds: before.datarule[1]!.id };
    expectRefused(await post('datarule', body), MSG_GRANT_FIRST);

    expectOk(
      await call(t.app, 'POST', `${PERMISSION}/saveDepartPermission`, {
        token: admin,
        body: { departId: rd, permissionIds: menu },
      }),
    );
    expectOk(
      await call(t.app, 'POST', `${DEPART_PERMISSION}/saveDeptRolePermission`, {
        token: admin,
        body: { roleId, permissionIds: menu },
      }),
    );
    expectOk(await post('datarule', body));
    expect(expectOk(await get<{ drChecked: string }>(path)).drChecked).toBe(body.dataRuleIds);

    expectRefused(await get(`datarule/${menu}/${finance}/${roleId}`), '部门角色不存在');
    expectRefused(await post('datarule', { ...body, departId: finance }), '部门角色不存在');
    expectRefused(await get(`datarule/${menu}/${rd}/no-such-role`), '部门角色不存在');
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await get(`datarule/${menu}/${rd}/${encodeURIComponent("' or 1=1--")}`));
    expectBadRequest(await post('datarule', { permissionId: menu, departId: rd }));
    expectDenied(await get(path, {}, staff));
    expectDenied(await post('datarule', body, staff));
  });
});

describe('delete', () => {
  it('removes roles with their users and grants', async () => {
    const a = await addRole(finance, 'to_delete_a');
    const b = await addRole(finance, 'to_delete_b');
    const c = await addRole(finance, 'to_delete_c');
    const userId = await createUser(t.db, { username: 'fin_member', password: 'x' });
    await addMember(t.db, userId, finance);
    expectOk(await post('deptRoleUserAdd', { userId, newRoleId: `${a},${b}` }));

    const one = await call(t.app, 'DELETE', url('delete'), { token: admin, query: { id: a } });
    expect(one.body.message).toBe('删除成功!');
    expectOk(one);
    const batch = await call(t.app, 'DELETE', url('deleteBatch'), {
      token: admin,
      query: { ids: `${b},${c},` },
    });
    expect(batch.body.message).toBe('批量删除成功!');
    expectOk(batch);
    const left = await t.db
      .selectFrom('sys_depart_role')
      .select('id')
      .where('id', 'in', [a, b, c])
      .execute();
    expect(left).toEqual([]);
    const links = await t.db
      .selectFrom('sys_depart_role_user')
      .select('id')
      .where('userId', '=', userId)
      .execute();
    expect(links).toEqual([]);
  });

  it('answers 未找到对应数据 for unknown ids; needs depart:role', async () => {
    for (const [path, query] of [
      ['delete', { id: 'no-such' }],
      ['deleteBatch', { ids: 'no-such,other' }],
    ] as const) {
      const res = await call(t.app, 'DELETE', url(path), { token: admin, query });
      expectClean(res);
      expectRefused(res, '未找到对应数据');
    }
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(
      await call(t.app, 'DELETE', url('delete'), { token: admin, query: { id: "' or '1'='1" } }),
    );
    const roles = await t.db.selectFrom('sys_depart_role').select('id').execute();
    expect(roles.length).toBeGreaterThan(0);
    const id = roles[0]!.id;
    expectDenied(await call(t.app, 'DELETE', url('delete'), { token: staff, query: { id } }));
    expectDenied(
      await call(t.app, 'DELETE', url('deleteBatch'), { token: staff, query: { ids: id } }),
    );
  });
});
