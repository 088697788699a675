import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import type { ImportResult } from '../../server/http/sheet/import-result';
import { newId } from '../../server/ids';
import { multipartBody } from '../support/online-tables';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/** 角色管理: list, queryById, queryall, add, edit, delete(Batch), checkRoleCode, Excel, departments. */

interface Role {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateTime: string | null;
}

interface DepartNode {
  key: string;
  value: string;
  title: string;
  children: DepartNode[];
}

const ROLE = (action: string) => `/system/sys/role/${action}`;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let admin: string;
let staff: string;
let nobody: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'role.nobody', password: 'Nobody-pass-1' });
  [admin, staff, nobody] = await Promise.all([
    login(t.app, 'admin', DEMO_PASSWORD),
    login(t.app, 'staff', DEMO_PASSWORD),
    login(t.app, 'role.nobody', 'Nobody-pass-1'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

function expectClean(res: CallResult<unknown> | { text: string }): void {
  expect(res.text).not.toMatch(/\n\s+at /);
  expect(res.text).not.toMatch(/select |syntax error|relation /i);
}

async function addRole(roleCode: string, roleName = `角色${roleCode}`): Promise<string> {
  const res = await call<string>(t.app, 'POST', ROLE('add'), {
    token: admin,
    body: { roleName, roleCode, description: `${roleName}的描述` },
  });
  expect(res.body, res.body.message).toMatchObject({ success: true, message: '新增成功！' });
  return res.body.result;
}

async function roleRow(id: string) {
  return t.db.selectFrom('sys_role').selectAll().where('id', '=', id).executeTakeFirst();
}

async function roleCount(): Promise<number> {
  const rows = await t.db.selectFrom('sys_role').select('id').execute();
  return rows.length;
}

describe('list', () => {
  it('answers a page of roles with the record fields', async () => {
    const res = await call<Page<Role>>(t.app, 'GET', ROLE('list'), {
      token: admin,
      query: { column: 'roleCode', order: 'asc' },
    });
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const page = res.body.result;
    expect(page).toMatchObject({ current: 1, size: 10 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const adminRole = page.records.find((r) => r.roleCode === 'admin')!;
    expect(Object.keys(adminRole).sort()).toEqual(
      ['createBy', 'createTime', 'description', 'id', 'roleCode', 'roleName', 'updateTime'].sort(),
    );
    expect(adminRole).toMatchObject({ roleName: '管理员', description: '拥有系统全部权限' });
    expect(adminRole.createTime).toMatch(DATE_TIME);
    expect(page.records.map((r) => r.roleCode)).toEqual(
      [...page.records.map((r) => r.roleCode)].sort(),
    );
  });

  it('filters by roleName, roleCode and description', async () => {
    await addRole('list_filter_a', '列表筛选甲');
    await addRole('list_filter_b', '列表筛选乙');
    const byName = await call<Page<Role>>(t.app, 'GET', ROLE('list'), {
      token: admin,
      query: { roleName: '*列表筛选*', column: 'roleCode', order: 'asc' },
    });
    expect(byName.body.result.records.map((r) => r.roleCode)).toEqual([
      'list_filter_a',
      'list_filter_b',
    ]);
    const byCode = await call<Page<Role>>(t.app, 'GET', ROLE('list'), {
      token: admin,
      query: { roleCode: 'list_filter_b' },
    });
    expect(byCode.body.result.records.map((r) => r.roleName)).toEqual(['列表筛选乙']);
    const byDescription = await call<Page<Role>>(t.app, 'GET', ROLE('list'), {
      token: admin,
      query: { description: '列表筛选甲*' },
    });
    expect(byDescription.body.result.total).toBe(1);
  });

  it('refuses names it does not know and injection attempts with a clean envelope', async () => {
    const before = await roleCount();
    const attempts: Record<string, string>[] = [
      { column: 'roleName;drop table sys_role' },
      { column: 'roleName', order: 'desc;drop table sys_role' },
      { '1=1--': 'x' },
      { roleName_begin: 'x', 'bad;name_end': 'y' },
      {
        superQueryParams: encodeURIComponent(
          JSON.stringify([{ field: 'role_code;drop', rule: 'eq', val: 'x' }]),
        ),
      },
      { createBy: 'admin' },
    ];
    for (const query of attempts) {
      const res = await call(t.app, 'GET', ROLE('list'), { token: admin, query });
      expectClean(res);
      if (!res.body.success) {
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(400);
        expect(res.body.message).toMatch(/^未知的查询字段：|^参数校验失败|^查询条件/);
      }
    }
    const unknown = await call(t.app, 'GET', ROLE('list'), {
      token: admin,
      query: { '1=1--': 'x' },
    });
    expect(unknown.body).toMatchObject({
      success: false,
      code: 400,
      message: '未知的查询字段：1=1--',
    });
    const value = await call<Page<Role>>(t.app, 'GET', ROLE('list'), {
      token: admin,
      query: { roleCode: "admin' or '1'='1" },
    });
    expect(value.body.result.total).toBe(0);
    expect(await roleCount()).toBe(before);
  });

  it('is refused (510) without role:list', async () => {
    for (const token of [staff, nobody]) {
      const res = await call(t.app, 'GET', ROLE('list'), { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(NO_PERMISSION);
    }
  });
});

describe('queryById and queryall', () => {
  it('answers one role, or 未找到对应数据', async () => {
    const id = await addRole('by_id_role', '按编号');
    const res = await call<Role>(t.app, 'GET', ROLE('queryById'), { token: admin, query: { id } });
    expect(res.body.result).toMatchObject({ id, roleCode: 'by_id_role', roleName: '按编号' });
    const none = await call(t.app, 'GET', ROLE('queryById'), {
      token: admin,
      query: { id: 'missing' },
    });
    expect(none.body).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    expectClean(none);
    // Not an id: refused (400) where ids are parsed, before any SQL.
    const injected = await call(t.app, 'GET', ROLE('queryById'), {
      token: admin,
      query: { id: "' or 1=1--" },
    });
    expect(injected.status).toBe(400);
    expectClean(injected);
    const noId = await call(t.app, 'GET', ROLE('queryById'), { token: admin });
    expect(noId.status).toBe(400);
    expect(noId.body.code).toBe(400);
    expect(
      (await call(t.app, 'GET', ROLE('queryById'), { token: staff, query: { id } })).body,
    ).toMatchObject(NO_PERMISSION);
  });

  it('queryall answers every role to role:list, user:add and user:edit holders', async () => {
    const res = await call<Role[]>(t.app, 'GET', ROLE('queryall'), { token: admin });
    expect(Array.isArray(res.body.result)).toBe(true);
    expect(res.body.result.length).toBe(await roleCount());
    expect(res.body.result.map((r) => r.roleCode)).toEqual(
      expect.arrayContaining(['admin', 'staff']),
    );
    // A role holding only user:add (the 用户管理 form's role picker).
    const pickerRole = await addRole('picker_role');
    const addButton = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', 'user:add')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_role_permission')
      .values({
        id: newId(),
        roleId: pickerRole,
        permissionId: addButton.id,
        dataRuleIds: null,
        operateIp: null,
      })
      .execute();
    await createUser(t.db, {
      username: 'picker.user',
      password: 'Picker-pass-1',
      roleCodes: ['picker_role'],
    });
    const picker = await login(t.app, 'picker.user', 'Picker-pass-1');
    expect((await call(t.app, 'GET', ROLE('queryall'), { token: picker })).body.success).toBe(true);
    expect((await call(t.app, 'GET', ROLE('list'), { token: picker })).body).toMatchObject(
      NO_PERMISSION,
    );
    expect((await call(t.app, 'GET', ROLE('queryall'), { token: nobody })).body).toMatchObject(
      NO_PERMISSION,
    );
  });
});

describe('add', () => {
  it('stores the role and answers its id', async () => {
    const id = await addRole('added_role', '新增角色');
    expect(await roleRow(id)).toMatchObject({
      roleName: '新增角色',
      roleCode: 'added_role',
      description: '新增角色的描述',
      createBy: 'admin',
    });
  });

  it('refuses a taken code with 角色编码已存在', async () => {
    await addRole('taken_code');
    const res = await call(t.app, 'POST', ROLE('add'), {
      token: admin,
      body: { roleName: '重复', roleCode: 'taken_code' },
    });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '角色编码已存在' });
    const admins = await call(t.app, 'POST', ROLE('add'), {
      token: admin,
      body: { roleName: '又一个管理员', roleCode: 'admin' },
    });
    expect(admins.body.message).toBe('角色编码已存在');
  });

  it('refuses bad shapes (400): missing name, blank name, bad codes, long text', async () => {
    const before = await roleCount();
    const bodies = [
      { roleCode: 'no_name' },
      { roleName: '   ', roleCode: 'blank_name' },
      { roleName: '无编码' },
      { roleName: 'x', roleCode: '1starts_with_digit' },
      { roleName: 'x', roleCode: 'a' },
      { roleName: 'x', roleCode: "x';drop table sys_role;--" },
      { roleName: 'x', roleCode: 'with-dash' },
      { roleName: 'x'.repeat(201), roleCode: 'long_name' },
      { roleName: 'x', roleCode: 'long_description', description: 'd'.repeat(256) },
      { roleName: 'x', roleCode: `c${'x'.repeat(100)}` },
    ];
    for (const body of bodies) {
      const res = await call(t.app, 'POST', ROLE('add'), { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400 });
      expectClean(res);
    }
    expect(await roleCount()).toBe(before);
  });

  it('is refused (510) without role:add', async () => {
    const res = await call(t.app, 'POST', ROLE('add'), {
      token: staff,
      body: { roleName: 'x', roleCode: 'staff_tries' },
    });
    expect(res.body).toMatchObject(NO_PERMISSION);
    expect(
      await t.db
        .selectFrom('sys_role')
        .select('id')
        .where('roleCode', '=', 'staff_tries')
        .execute(),
    ).toEqual([]);
  });
});

describe('edit', () => {
  it('changes name, code and description', async () => {
    const id = await addRole('before_edit');
    const res = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id, roleName: '改后', roleCode: 'after_edit', description: null },
    });
    expect(res.body).toMatchObject({ success: true, message: '编辑成功!' });
    const row = await roleRow(id);
    expect(row).toMatchObject({
      roleName: '改后',
      roleCode: 'after_edit',
      description: null,
      updateBy: 'admin',
    });
    expect(row!.updateTime).toBeInstanceOf(Date);
  });

  it('refuses a code another role holds, an unknown id, and bad shapes', async () => {
    const id = await addRole('edit_clash');
    const clash = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id, roleName: 'x', roleCode: 'staff' },
    });
    expect(clash.body).toMatchObject({ success: false, code: 500, message: '角色编码已存在' });
    const same = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id, roleName: '同编码', roleCode: 'edit_clash' },
    });
    expect(same.body.success).toBe(true);
    const missing = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id: 'missing', roleName: 'x', roleCode: 'whatever' },
    });
    expect(missing.body).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    const noId = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { roleName: 'x', roleCode: 'whatever' },
    });
    expect(noId.status).toBe(400);
    const badCode = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id, roleName: 'x', roleCode: 'bad code' },
    });
    expect(badCode.status).toBe(400);
    expect((await roleRow(id))!.roleCode).toBe('edit_clash');
  });

  it('keeps the code of the admin role', async () => {
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const renamed = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id: adminRole.id, roleName: '超级管理员', roleCode: 'root' },
    });
    expect(renamed.body).toMatchObject({
      success: false,
      code: 500,
      message: '管理员角色（admin）的编码不能修改',
    });
    const named = await call(t.app, 'PUT', ROLE('edit'), {
      token: admin,
      body: { id: adminRole.id, roleName: '超级管理员', roleCode: 'admin' },
    });
    expect(named.body.success).toBe(true);
    expect(await roleRow(adminRole.id)).toMatchObject({
      roleCode: 'admin',
      roleName: '超级管理员',
    });
  });

  it('is refused (510) without role:edit', async () => {
    const id = await addRole('staff_cannot_edit');
    const res = await call(t.app, 'PUT', ROLE('edit'), {
      token: nobody,
      body: { id, roleName: 'x', roleCode: 'changed_by_nobody' },
    });
    expect(res.body).toMatchObject(NO_PERMISSION);
    expect((await roleRow(id))!.roleCode).toBe('staff_cannot_edit');
  });
});

describe('checkRoleCode', () => {
  it('says whether a code is free, ignoring the role being edited', async () => {
    const id = await addRole('checked_code');
    const taken = await call(t.app, 'GET', ROLE('checkRoleCode'), {
      token: admin,
      query: { roleCode: 'checked_code' },
    });
    expect(taken.body).toMatchObject({ success: false, message: '角色编码已存在' });
    const own = await call(t.app, 'GET', ROLE('checkRoleCode'), {
      token: admin,
      query: { roleCode: 'checked_code', id },
    });
    expect(own.body).toMatchObject({ success: true, message: '该值可用！' });
    const free = await call(t.app, 'GET', ROLE('checkRoleCode'), {
      token: admin,
      query: { roleCode: "free' or '1'='1" },
    });
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    expectClean(free);
    const missing = await call(t.app, 'GET', ROLE('checkRoleCode'), { token: admin });
    expect(missing.status).toBe(400);
    expect(
      (
        await call(t.app, 'GET', ROLE('checkRoleCode'), {
          token: staff,
          query: { roleCode: 'x' },
        })
      ).body,
    ).toMatchObject(NO_PERMISSION);
  });
});

describe('delete and deleteBatch', () => {
  it('removes the role with its grants and user links, and its holders lose the codes at once', async () => {
    const id = await addRole('doomed_role');
    const menu = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', 'role:list')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_role_permission')
      .values({
        id: newId(),
        roleId: id,
        permissionId: menu.id,
        dataRuleIds: null,
        operateIp: null,
      })
      .execute();
    const userId = await createUser(t.db, {
      username: 'doomed.holder',
      password: 'Doomed-pass-1',
      roleCodes: ['doomed_role'],
    });
    const holder = await login(t.app, 'doomed.holder', 'Doomed-pass-1');
    expect((await call(t.app, 'GET', ROLE('list'), { token: holder })).body.success).toBe(true);

    const res = await call(t.app, 'DELETE', ROLE('delete'), { token: admin, query: { id } });
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await roleRow(id)).toBeUndefined();
    expect(
      await t.db.selectFrom('sys_role_permission').select('id').where('roleId', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('sys_user_role').select('id').where('userId', '=', userId).execute(),
    ).toEqual([]);
    // The same token, the very next call.
    expect((await call(t.app, 'GET', ROLE('list'), { token: holder })).body).toMatchObject(
      NO_PERMISSION,
    );
  });

  it('answers 未找到对应数据 for an unknown id and refuses the admin role', async () => {
    const missing = await call(t.app, 'DELETE', ROLE('delete'), {
      token: admin,
      query: { id: 'missing' },
    });
    expect(missing.body).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    expectClean(missing);
    const injected = await call(t.app, 'DELETE', ROLE('delete'), {
      token: admin,
      query: { id: "x' or '1'='1" },
    });
    expect(injected.status).toBe(400);
    expectClean(injected);
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const res = await call(t.app, 'DELETE', ROLE('delete'), {
      token: admin,
      query: { id: adminRole.id },
    });
    expect(res.body).toMatchObject({
      success: false,
      code: 500,
      message: '管理员角色（admin）不能删除',
    });
    expect(await roleRow(adminRole.id)).toBeDefined();
    expect((await call(t.app, 'DELETE', ROLE('delete'), { token: admin })).status).toBe(400);
  });

  it('deleteBatch removes every listed role (trailing comma allowed); a batch with admin removes none', async () => {
    const a = await addRole('batch_a');
    const b = await addRole('batch_b');
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const withAdmin = await call(t.app, 'DELETE', ROLE('deleteBatch'), {
      token: admin,
      query: { ids: `${a},${adminRole.id}` },
    });
    expect(withAdmin.body.message).toBe('管理员角色（admin）不能删除');
    expect(await roleRow(a)).toBeDefined();

    const res = await call(t.app, 'DELETE', ROLE('deleteBatch'), {
      token: admin,
      query: { ids: `${a},${b},` },
    });
    expect(res.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await roleRow(a)).toBeUndefined();
    expect(await roleRow(b)).toBeUndefined();

    const none = await call(t.app, 'DELETE', ROLE('deleteBatch'), {
      token: admin,
      query: { ids: 'missing1,missing2' },
    });
    expect(none.body.message).toBe('未找到对应数据');
    const empty = await call(t.app, 'DELETE', ROLE('deleteBatch'), {
      token: admin,
      query: { ids: ',' },
    });
    expect(empty.body).toMatchObject({ success: false, code: 500 });
  });

  it('is refused (510) without role:delete / role:deleteBatch', async () => {
    const id = await addRole('survives_staff');
    expect(
      (await call(t.app, 'DELETE', ROLE('delete'), { token: staff, query: { id } })).body,
    ).toMatchObject(NO_PERMISSION);
    expect(
      (await call(t.app, 'DELETE', ROLE('deleteBatch'), { token: nobody, query: { ids: id } }))
        .body,
    ).toMatchObject(NO_PERMISSION);
    expect(await roleRow(id)).toBeDefined();
  });
});

describe('queryDepartTreeList', () => {
  it('answers the department id tree ordered by depart_order then org_code', async () => {
    const res = await call<DepartNode[]>(t.app, 'GET', ROLE('queryDepartTreeList'), {
      token: admin,
    });
    expect(res.body.success).toBe(true);
    const tree = res.body.result;
    const departs = await t.db
      .selectFrom('sys_depart')
      .select(['id', 'parentId', 'departName', 'departOrder', 'orgCode'])
      .where('delFlag', '=', '0')
      .execute();
    let count = 0;
    const walk = (nodes: DepartNode[], parentId: string | null) => {
      const expected = departs
        .filter((d) => (d.parentId ?? null) === parentId)
        .sort((x, y) => x.departOrder - y.departOrder || x.orgCode.localeCompare(y.orgCode));
      expect(nodes.map((n) => n.key)).toEqual(expected.map((d) => d.id));
      for (const node of nodes) {
        count++;
        expect(Object.keys(node).sort()).toEqual(['children', 'key', 'title', 'value']);
        expect(node.value).toBe(node.key);
        expect(node.title).toBe(departs.find((d) => d.id === node.key)!.departName);
        walk(node.children, node.key);
      }
    };
    walk(tree, null);
    expect(count).toBe(departs.length);
    expect(count).toBeGreaterThan(3);
    expect(
      (await call(t.app, 'GET', ROLE('queryDepartTreeList'), { token: staff })).body,
    ).toMatchObject(NO_PERMISSION);
  });
});

async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('角色');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(content: Buffer, token = admin) {
  const { payload, contentType } = multipartBody('roles.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: ROLE('importExcel'),
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
  return {
    status: res.statusCode,
    text: res.body,
    body: JSON.parse(res.body) as CallResult<ImportResult>['body'],
  };
}

describe('exportXls and importExcel', () => {
  it('exports the filtered roles with the labels as header; selections pick rows', async () => {
    const x = await addRole('export_x', '导出甲');
    await addRole('export_y', '导出乙');
    const res = await t.app.inject({
      method: 'GET',
      url: ROLE('exportXls'),
      query: { roleCode: 'export_*', column: 'roleCode', order: 'asc' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toEqual([
      ['角色名称', '角色编码', '描述'],
      ['导出甲', 'export_x', '导出甲的描述'],
      ['导出乙', 'export_y', '导出乙的描述'],
    ]);
    const picked = await t.app.inject({
      method: 'GET',
      url: ROLE('exportXls'),
      query: { selections: x },
      headers: { 'x-access-token': admin },
    });
    expect((await sheetRows(picked.rawPayload)).slice(1)).toEqual([
      ['导出甲', 'export_x', '导出甲的描述'],
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: ROLE('exportXls'),
      query: { column: 'x;drop table sys_role' },
      headers: { 'x-access-token': admin },
    });
    expect(bad.statusCode).toBe(400);
    expectClean({ text: bad.body });
    const refused = await t.app.inject({
      method: 'GET',
      url: ROLE('exportXls'),
      headers: { 'x-access-token': staff },
    });
    expect(JSON.parse(refused.body)).toMatchObject(NO_PERMISSION);
  });

  it('imports the rows of an exported sheet through add; refused rows go to the error file', async () => {
    const good = await upload(
      await xlsxOf([
        ['角色名称', '角色编码', '描述'],
        ['导入甲', 'import_a', '从表格导入'],
        ['导入乙', 'import_b', null],
      ]),
    );
    expect(good.body).toMatchObject({ success: true, message: '文件导入成功！数据行数：2' });
    expect(
      await t.db
        .selectFrom('sys_role')
        .select(['roleName', 'description', 'createBy'])
        .where('roleCode', 'in', ['import_a', 'import_b'])
        .orderBy('roleCode')
        .execute(),
    ).toEqual([
      { roleName: '导入甲', description: '从表格导入', createBy: 'admin' },
      { roleName: '导入乙', description: null, createBy: 'admin' },
    ]);

    const mixed = await upload(
      await xlsxOf([
        ['角色名称', '角色编码', '描述'],
        ['重复', 'import_a', null],
        ['坏编码', "x';drop table sys_role;--", null],
        ['', 'no_name_import', null],
        ['导入丙', 'import_c', null],
      ]),
    );
    expect(mixed.body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
    });
    expect(mixed.body.result).toMatchObject({ totalCount: 4, errorCount: 3, successCount: 1 });
    expectClean(mixed);
    expect(
      await roleRow(
        (
          await t.db
            .selectFrom('sys_role')
            .select('id')
            .where('roleCode', '=', 'import_c')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    ).toBeDefined();

    const refused = await upload(
      await xlsxOf([
        ['角色名称', '角色编码'],
        ['x', 'by_staff'],
      ]),
      staff,
    );
    expect(refused.body).toMatchObject(NO_PERMISSION);
  });
});
