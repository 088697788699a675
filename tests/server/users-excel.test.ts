import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids';
import { multipartBody } from '../support/online-tables';
import { call, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../support/test-app';
import {
  departIds,
  expectClean,
  roleWithCodes,
  tryLogin,
  U,
  type Page,
  type UserRow,
} from './users-support';

/** 用户管理 → 导出 / 导入: the export is the import template (round trip). */

type Cell = string | number | boolean | Date | null | undefined;

let t: TestApp;
let admin: string;
let departs: Map<string, string>;
let staffRoleId: string;
let excelRoleId: string;

const dep = (code: string) => departs.get(code)!;

const HEADER = [
  '账号',
  '姓名',
  '性别',
  '生日',
  '工号',
  '职务',
  '邮箱',
  '手机号码',
  '座机',
  '状态',
  '部门',
  '角色',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  departs = await departIds(t.db);
  staffRoleId = (
    await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'staff')
      .executeTakeFirstOrThrow()
  ).id;
  excelRoleId = await roleWithCodes(t.db, 'xl_role', ['user:list']);
  const people: Record<string, unknown>[] = [
    {
      username: 'xl_one',
      realname: 'Excel一号',
      sex: 1,
      birthday: '1988-08-08',
      workNo: 'XL-001',
      post: 'zhuguan,jingli',
      email: 'xl1@example.com',
      phone: '13811112222',
      telephone: '021-55556666',
      status: 1,
      selecteddeparts: `${dep('A01A04')},${dep('A02A01')}`,
      orgCode: 'A02A01',
      selectedroles: `${staffRoleId},${excelRoleId}`,
    },
    {
      username: 'xl_two',
      realname: 'Excel二号',
      sex: 2,
      workNo: '10002',
      phone: '13811113333',
      status: 2,
      selecteddeparts: dep('A01A02A03'),
    },
    { username: 'xl_three', realname: 'Excel三号' },
  ];
  for (const person of people) {
    const res = await call(t.app, 'POST', `${U}/add`, {
      token: admin,
      body: { password: 'Excel-pass-1', ...person },
    });
    expect(res.body.success, res.body.message).toBe(true);
  }
});
afterAll(async () => {
  await t?.close();
});

async function download(query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `${U}/exportXls`,
    headers: { 'x-access-token': admin },
    query,
  });
}

async function sheetRows(buffer: Buffer | string): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  if (typeof buffer === 'string') await workbook.xlsx.readFile(buffer);
  else await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: Cell[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as Cell[]).slice(1)));
  return rows;
}

async function xlsxOf(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(content: Buffer, fileName = 'users.xlsx') {
  const { payload, contentType } = multipartBody(fileName, content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${U}/importExcel`,
    headers: { 'x-access-token': admin, 'content-type': contentType },
    payload,
  });
  return JSON.parse(res.body) as {
    success: boolean;
    code: number;
    message: string;
    result: {
      errorCount: number;
      successCount: number;
      totalCount: number;
      fileUrl: string;
    } | null;
  };
}

/** What a user is, for comparing before and after the round trip. */
async function snapshot(username: string) {
  const page = await call<Page<UserRow>>(t.app, 'GET', `${U}/list`, {
    token: admin,
    query: { username },
  });
  const user = page.body.result.records[0]!;
  const full = await call<UserRow>(t.app, 'GET', `${U}/queryById`, {
    token: admin,
    query: { id: user.id },
  });
  const {
    id: _id,
    createTime: _c,
    updateTime: _u,
    createBy: _b,
    ...rest
  } = full.body.result as UserRow & { updateTime: string; createBy: string };
  return {
    ...rest,
    selectedroles: rest.selectedroles!.split(',').sort(),
    selecteddeparts: rest.selecteddeparts!.split(',').sort(),
  };
}

describe('exportXls', () => {
  it('writes labels, dictionary and position texts, department names and role codes', async () => {
    const res = await download({ username: 'xl_*', column: 'username', order: 'asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual([
      [
        'xl_one',
        'Excel一号',
        '男',
        '1988-08-08',
        'XL-001',
        '主管,经理',
        'xl1@example.com',
        '13811112222',
        '021-55556666',
        '正常',
        '销售部,财务部',
        'staff,xl_role',
      ],
      // exceljs leaves trailing empty cells out of a row.
      [
        'xl_three',
        'Excel三号',
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        '正常',
      ],
      [
        'xl_two',
        'Excel二号',
        '女',
        undefined,
        '10002',
        undefined,
        undefined,
        '13811113333',
        undefined,
        '冻结',
        '测试部',
      ],
    ]);
  });

  it('exports only the selections; a bad sort is a JSON 400', async () => {
    const list = await call<Page<UserRow>>(t.app, 'GET', `${U}/list`, {
      token: admin,
      query: { username: 'xl_two' },
    });
    const id = list.body.result.records[0]!.id;
    const rows = await sheetRows((await download({ selections: id })).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['xl_two']);

    const bad = await download({ column: 'username;drop table sys_user' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/\n\s+at |select |syntax error/i);
  });
});

describe('importExcel', () => {
  it('round trip: export, remove the users, import the file: the same users come back', async () => {
    const usernames = ['xl_one', 'xl_two', 'xl_three'];
    const before = await Promise.all(usernames.map(snapshot));
    const exported = await download({ username: 'xl_*' });

    const ids = (
      await t.db.selectFrom('sys_user').select('id').where('username', 'in', usernames).execute()
    ).map((r) => r.id);
    await call(t.app, 'DELETE', `${U}/deleteBatch`, {
      token: admin,
      query: { ids: ids.join(',') },
    });
    await call(t.app, 'DELETE', `${U}/deleteRecycleBin`, {
      token: admin,
      query: { userIds: ids.join(',') },
    });
    expect(
      await t.db.selectFrom('sys_user').select('id').where('username', 'in', usernames).execute(),
    ).toEqual([]);

    const answer = await upload(exported.rawPayload);
    expect(answer).toMatchObject({
      success: true,
      code: 200,
      message: '文件导入成功！数据行数：3',
    });
    const after = await Promise.all(usernames.map(snapshot));
    expect(after).toEqual(before);

    // Every imported user starts with 123456 (one hash for the whole file) and must change it.
    const rows = await t.db
      .selectFrom('sys_user')
      .select(['password', 'passwordChangedAt'])
      .where('username', 'in', usernames)
      .execute();
    expect(new Set(rows.map((r) => r.password)).size).toBe(1);
    expect(rows.every((r) => r.passwordChangedAt === null)).toBe(true);
    expect(await login(t.app, 'xl_one', '123456', { remoteAddress: '10.2.0.1' })).toBeTruthy();
    expect(await tryLogin(t.app, 'xl_two', '123456', '10.2.0.1')).toMatchObject({
      success: false,
      message: '该用户已冻结',
    });
  });

  it('saves the good rows and returns the others in an error file, each with the add check', async () => {
    // A second department named 销售部 makes that name ambiguous.
    await t.db
      .insertInto('sys_depart')
      .values({ id: newId(), parentId: dep('A01'), departName: '销售部', orgCode: 'A01A09' })
      .execute();
    const row = (username: string, extra: Partial<Record<string, Cell>> = {}): Cell[] => {
      const values: Record<string, Cell> = {
        账号: username,
        姓名: `导入${username}`,
        性别: '女',
        生日: '1999-09-09',
        状态: '正常',
        ...extra,
      };
      return HEADER.map((label) => values[label] ?? null);
    };
    const file = await xlsxOf([
      HEADER,
      row('imp_good', {
        部门: 'A01A04,测试部',
        角色: 'staff',
        职务: '员工',
        手机号码: 13900002222,
      }),
      row('imp_phone', { 手机号码: '12345' }),
      row('imp_depart', { 部门: '不存在部' }),
      row('imp_ambiguous', { 部门: '销售部' }),
      row('admin'),
      row('imp_role', { 角色: 'ghost' }),
      row('imp_sex', { 性别: '未知性别' }),
      row('imp_name', { 姓名: null }),
      row('imp bad'),
      row('imp_post', { 职务: '宇航员' }),
    ]);
    const answer = await upload(file);
    expect(answer).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(answer.result).toMatchObject({ totalCount: 10, successCount: 1, errorCount: 9 });

    const errors = await sheetRows(
      path.join(
        t.ctx.config.filesDir,
        decodeURIComponent(answer.result!.fileUrl.replace('/sys/common/static/', '')),
      ),
    );
    const messages = errors.slice(1).map((r) => String(r[r.length - 1]));
    expect(messages).toEqual([
      '第3行：手机号码格式不正确',
      '第4行：部门不存在：不存在部',
      '第5行：部门名称“销售部”不唯一，请填写部门编码',
      '第6行：用户账号已存在',
      '第7行：角色编码不存在：ghost',
      '第8行：“性别”的值“未知性别”不是可选的值',
      '第9行：用户姓名不能为空',
      '第10行：用户账号只能由字母、数字和 _ . @ - 组成，长度2到100位',
      '第11行：“职务”的值“宇航员”不是可选的值',
    ]);

    const good = await snapshot('imp_good');
    expect(good).toMatchObject({
      realname: '导入imp_good',
      sex: 2,
      birthday: '1999-09-09',
      phone: '13900002222',
      post: 'yuangong',
      orgCode: 'A01A04',
      orgCodeTxt: '财务部,测试部',
      selectedroles: [staffRoleId],
    });
    const admin = await t.db
      .selectFrom('sys_user')
      .select('realname')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.realname).toBe('管理员');
  });

  it('refuses a request without a file or without a header', async () => {
    const plain = await call(t.app, 'POST', `${U}/importExcel`, { token: admin, body: {} });
    expect(plain.body).toMatchObject({
      success: false,
      message: '请以 multipart/form-data 上传文件',
    });
    expectClean(plain);
    const noHeader = await upload(
      await xlsxOf([
        ['x', 'y'],
        ['1', '2'],
      ]),
    );
    expect(noHeader.success).toBe(false);
    expect(noHeader.message).toContain('没有找到表头');
  });
});
