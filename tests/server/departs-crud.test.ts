import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids';
import { insertWithOrgCode } from '../../server/modules/depart/org-code';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';
import {
  DEPART,
  addMember,
  departCount,
  departIdOf,
  expectBadRequest,
  expectClean,
  expectDenied,
  expectOk,
  expectRefused,
} from './departs-fixtures';

/** 部门管理 writes: add (generated org codes), edit (fixed place), delete (whole subtrees). */

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

const add = (body: Record<string, unknown>, token = admin) =>
  call<string>(t.app, 'POST', `${DEPART}/add`, { token, body });
const edit = (body: Record<string, unknown>, token = admin) =>
  call(t.app, 'PUT', `${DEPART}/edit`, { token, body });

async function row(id: string) {
  return t.db.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirst();
}

async function added(body: Record<string, unknown>): Promise<{ id: string; orgCode: string }> {
  const res = await add(body);
  expect(res.body.message).toBe('新增成功！');
  const id = expectOk(res);
  return { id, orgCode: (await row(id))!.orgCode };
}

describe('add', () => {
  it('generates org codes: next top-level code, next child code, at any depth', async () => {
    const top = await added({ departName: '新公司' });
    expect(top.orgCode).toBe('A03');
    expect(await row(top.id)).toMatchObject({
      parentId: null,
      orgType: '1',
      orgCategory: '1',
      status: '1',
      createBy: 'admin',
    });
    const child = await added({
      departName: '新部门',
      parentId: await departIdOf(t.db, 'A01'),
      departOrder: 9,
      mobile: '13800000000',
      memo: '备注',
    });
    expect(child.orgCode).toBe('A01A06');
    expect(await row(child.id)).toMatchObject({
      orgType: '2',
      orgCategory: '2',
      departOrder: 9,
      mobile: '13800000000',
      memo: '备注',
    });
    const deep = await added({ departName: '新组', parentId: await departIdOf(t.db, 'A01A02') });
    expect(deep.orgCode).toBe('A01A02A04');
    const first = await added({ departName: '首个下级', parentId: top.id, orgCategory: '3' });
    expect(first.orgCode).toBe('A03A01');
    expect((await row(first.id))!.orgCategory).toBe('3');
  });

  it('skips codes held by deleted rows (the unique constraint covers every row)', async () => {
    const parentId = await departIdOf(t.db, 'A02');
    await t.db
      .insertInto('sys_depart')
      .values({ id: newId(), parentId, departName: '已删除', orgCode: 'A02A05', delFlag: '1' })
      .execute();
    expect((await added({ departName: '在已删除之后', parentId })).orgCode).toBe('A02A06');
  });

  it('gives adds racing under one parent distinct codes', async () => {
    const parentId = await departIdOf(t.db, 'A01A03');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add({ departName: `并发${i}`, parentId })),
    );
    const codes = await Promise.all(results.map(async (r) => (await row(expectOk(r)))!.orgCode));
    expect(new Set(codes).size).toBe(6);
    expect([...codes].sort()).toEqual([
      'A01A03A03',
      'A01A03A04',
      'A01A03A05',
      'A01A03A06',
      'A01A03A07',
      'A01A03A08',
    ]);
  });

  it('computes the code again when a racing save took it first', async () => {
    const parentId = await departIdOf(t.db, 'A02A01');
    const tried: string[] = [];
    const code = await insertWithOrgCode(t.db, 'A02A01', async (orgCode) => {
      tried.push(orgCode);
      if (tried.length === 1) {
        // Another save inserts the same code between our read and our insert.
        await t.db
          .insertInto('sys_depart')
          .values({ id: newId(), parentId, departName: '抢先', orgCode })
          .execute();
      }
      await t.db
        .insertInto('sys_depart')
        .values({ id: newId(), parentId, departName: '随后', orgCode })
        .execute();
    });
    expect(tried).toEqual(['A02A01A01', 'A02A01A02']);
    expect(code).toBe('A02A01A02');
  });

  it('refuses a parent that does not exist or is deleted', async () => {
    expectRefused(await add({ departName: 'x', parentId: 'no-such-id' }), '上级部门不存在');
    const deletedId = newId();
    await t.db
      .insertInto('sys_depart')
      .values({ id: deletedId, departName: '已删除上级', orgCode: 'Z99', delFlag: '1' })
      .execute();
    expectRefused(await add({ departName: 'x', parentId: deletedId }), '上级部门不存在');
  });

  it('refuses bad shapes (HTTP 400)', async () => {
    const before = await departCount(t.db);
    for (const body of [
      {},
      { departName: '' },
      { departName: '   ' },
      { departName: 'x'.repeat(101) },
      { departName: 'x', orgCategory: '9' },
      { departName: 'x', status: '2' },
      { departName: 'x', mobile: '1'.repeat(33) },
      { departName: 'x', departOrder: 'first' },
      { departName: 'x', parentId: 'p'.repeat(37) },
    ]) {
      expectBadRequest(await add(body));
    }
    expect(await departCount(t.db)).toBe(before);
  });

  it('stores injection text as plain data', async () => {
    const name = "x'); drop table sys_depart; --";
    const { id } = await added({ departName: name, address: '1=1--' });
    expect(await row(id)).toMatchObject({ departName: name, address: '1=1--' });
    expectRefused(await add({ departName: 'x', parentId: 'no-such-depart' }), '上级部门不存在');
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await add({ departName: 'x', parentId: "' or '1'='1" }));
  });

  it('needs depart:add', async () => {
    expectDenied(await add({ departName: 'x' }, staff));
  });
});

describe('edit', () => {
  it("changes the department's own fields", async () => {
    const id = await departIdOf(t.db, 'A01A04');
    const res = await edit({
      id,
      departName: '财务中心',
      departOrder: 7,
      fax: '010-1234',
      status: '0',
      parentId: await departIdOf(t.db, 'A01'),
      orgCode: 'A01A04',
    });
    expect(res.body.message).toBe('编辑成功!');
    expectOk(res);
    expect(await row(id)).toMatchObject({
      departName: '财务中心',
      departOrder: 7,
      fax: '010-1234',
      status: '0',
      orgCode: 'A01A04',
      updateBy: 'admin',
    });
  });

  it('refuses to move a department or change its org code', async () => {
    const id = await departIdOf(t.db, 'A01A05');
    const a02 = await departIdOf(t.db, 'A02');
    expectRefused(await edit({ id, departName: 'x', parentId: a02 }), '上级部门不能修改');
    expectRefused(await edit({ id, departName: 'x', parentId: '' }), '上级部门不能修改');
    expectRefused(await edit({ id, departName: 'x', orgCode: 'B01' }), '部门编码不能修改');
    const top = await departIdOf(t.db, 'A02');
    expectOk(await edit({ id: top, departName: '上海分公司', parentId: '' }));
    expect(await row(id)).toMatchObject({ departName: '人力资源部', orgCode: 'A01A05' });
  });

  it('refuses an unknown id, bad shapes and staff', async () => {
    expectRefused(await edit({ id: 'no-such-id', departName: 'x' }), '未找到对应数据');
    // Not an id: refused (400) where ids are parsed, before any SQL.
    expectBadRequest(await edit({ id: "' or 1=1--", departName: 'x' }));
    expectBadRequest(await edit({ departName: 'x' }));
    expectBadRequest(await edit({ id: 'x', departName: '' }));
    expectDenied(await edit({ id: 'x', departName: 'x' }, staff));
  });
});

describe('delete', () => {
  it('removes the department with every descendant, memberships and department roles', async () => {
    const parent = await added({ departName: '待删公司' });
    const child = await added({ departName: '待删部门', parentId: parent.id });
    const grandchild = await added({ departName: '待删小组', parentId: child.id });
    const userId = await createUser(t.db, {
      username: 'depart_deleted_member',
      password: DEMO_PASSWORD,
      orgCode: child.orgCode,
    });
    await addMember(t.db, userId, grandchild.id);
    await t.db
      .updateTable('sys_user')
      .set({ userIdentity: 2, departIds: `${child.id},${await departIdOf(t.db, 'A01')}` })
      .where('id', '=', userId)
      .execute();
    const roleId = newId();
    await t.db
      .insertInto('sys_depart_role')
      .values({ id: roleId, departId: child.id, roleName: '组长', roleCode: 'lead' })
      .execute();
    await t.db
      .insertInto('sys_depart_role_user')
      .values({ id: newId(), userId, droleId: roleId })
      .execute();
    const keptUser = await t.db
      .selectFrom('sys_user')
      .select(['id', 'orgCode'])
      .where('username', '=', 'staff')
      .executeTakeFirstOrThrow();

    const res = await call(t.app, 'DELETE', `${DEPART}/delete`, {
      token: admin,
      query: { id: parent.id },
    });
    expect(res.body.message).toBe('删除成功!');
    expectOk(res);
    for (const id of [parent.id, child.id, grandchild.id]) expect(await row(id)).toBeUndefined();
    const user = await t.db
      .selectFrom('sys_user')
      .select(['orgCode', 'departIds'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ orgCode: null, departIds: await departIdOf(t.db, 'A01') });
    const memberships = await t.db
      .selectFrom('sys_user_depart')
      .select('id')
      .where('userId', '=', userId)
      .execute();
    expect(memberships).toEqual([]);
    expect(
      await t.db.selectFrom('sys_depart_role').select('id').where('id', '=', roleId).execute(),
    ).toEqual([]);
    expect(
      (
        await t.db
          .selectFrom('sys_user')
          .select('orgCode')
          .where('id', '=', keptUser.id)
          .executeTakeFirstOrThrow()
      ).orgCode,
    ).toBe(keptUser.orgCode);
  });

  it('leaves a signed-in member of a removed department with none', async () => {
    const { id, orgCode } = await added({ departName: '会话部门' });
    const userId = await createUser(t.db, {
      username: 'depart_session_user',
      password: DEMO_PASSWORD,
      orgCode,
    });
    await addMember(t.db, userId, id);
    const token = await login(t.app, 'depart_session_user', DEMO_PASSWORD);
    const before = await call<{ orgCode: string }>(
      t.app,
      'GET',
      '/system/sys/user/getCurrentUserDeparts',
      { token },
    );
    expect(expectOk(before).orgCode).toBe(orgCode);
    expectOk(await call(t.app, 'DELETE', `${DEPART}/delete`, { token: admin, query: { id } }));
    const after = await call<{ orgCode: string | null; list: unknown[] }>(
      t.app,
      'GET',
      '/system/sys/user/getCurrentUserDeparts',
      { token },
    );
    expect(expectOk(after)).toMatchObject({ list: [] });
    expect(expectOk(after).orgCode ?? null).toBeNull();
  });

  it('deleteBatch removes several subtrees (nested ids and trailing commas are fine)', async () => {
    const a = await added({ departName: '批量甲' });
    const a1 = await added({ departName: '批量甲一', parentId: a.id });
    const b = await added({ departName: '批量乙' });
    const res = await call(t.app, 'DELETE', `${DEPART}/deleteBatch`, {
      token: admin,
      query: { ids: `${a.id},${a1.id},${b.id},` },
    });
    expect(res.body.message).toBe('批量删除成功!');
    expectOk(res);
    for (const id of [a.id, a1.id, b.id]) expect(await row(id)).toBeUndefined();
  });

  it('answers 未找到对应数据 for unknown ids and leaves the data alone', async () => {
    const before = await departCount(t.db);
    for (const [path, query] of [
      ['delete', { id: 'no-such-id' }],
      ['deleteBatch', { ids: 'no-such-id,no-such-either' }],
    ] as const) {
      const res = await call(t.app, 'DELETE', `${DEPART}/${path}`, { token: admin, query });
      expectClean(res);
      expectRefused(res, '未找到对应数据');
    }
    // Not ids: refused where ids are parsed, before any SQL.
    expectBadRequest(
      await call(t.app, 'DELETE', `${DEPART}/delete`, {
        token: admin,
        query: { id: "' or '1'='1" },
      }),
    );
    expectRefused(
      await call(t.app, 'DELETE', `${DEPART}/deleteBatch`, {
        token: admin,
        query: { ids: "no-such-id,' or 1=1--" },
      }),
      '参数 ids 不正确',
    );
    expectBadRequest(await call(t.app, 'DELETE', `${DEPART}/delete`, { token: admin }));
    expectRefused(
      await call(t.app, 'DELETE', `${DEPART}/deleteBatch`, { token: admin, query: { ids: ',' } }),
      '参数 ids 不正确',
    );
    expect(await departCount(t.db)).toBe(before);
  });

  it('needs depart:delete / depart:deleteBatch', async () => {
    const id = await departIdOf(t.db, 'A01A01');
    expectDenied(await call(t.app, 'DELETE', `${DEPART}/delete`, { token: staff, query: { id } }));
    expectDenied(
      await call(t.app, 'DELETE', `${DEPART}/deleteBatch`, { token: staff, query: { ids: id } }),
    );
    expect(await row(id)).toBeDefined();
  });
});
