import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import {
  PAGE_SCHEMA_VERSION,
  type FieldDefinition,
  type PageDefinition,
} from '../../src/contracts/page';
import { dictFields, withDictTexts } from '../../server/modules/dict/dict-text';
import type { DictLookup } from '../../server/modules/dict/lookup';
import { createOnlinePage, createRoleWithCodes, onlineCodes } from '../support/online-tables';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * `<field>_dictText` in list answers (jeecg-api.md §1.6, widgets.md §3): every list of every
 * shipped system screen carries the text of each field its definition binds to a dictionary
 * (system, table or category dictionary), comma lists item by item, unknown items as they are;
 * online pages too. One lookup per dictionary per page.
 */

type Rec = Record<string, unknown>;
const SYS = (p: string) => `/system/sys/${p}`;
const ROOT = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function list(url: string, query: Record<string, string> = {}, token = admin) {
  const res = await call<Page<Rec> | Rec[]>(t.app, 'GET', url, { token, query });
  expect(res.body.success, `${url}: ${res.body.message}`).toBe(true);
  const result = res.body.result;
  const rows = Array.isArray(result) ? result : result.records;
  const flat: Rec[] = [];
  const walk = (items: readonly Rec[]) => {
    for (const item of items) {
      flat.push(item);
      if (Array.isArray(item.children)) walk(item.children as Rec[]);
    }
  };
  walk(rows);
  return flat;
}

describe('system screens', () => {
  it('every list of a shipped system page carries _dictText for its dictionary fields', async () => {
    const userMenu = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', 'user:list')
      .executeTakeFirstOrThrow();
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const sexDict = await t.db
      .selectFrom('sys_dict')
      .select('id')
      .where('dictCode', '=', 'sex')
      .executeTakeFirstOrThrow();
    const member = await t.db
      .selectFrom('sys_user_depart')
      .select('depId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const departRole = await t.db
      .selectFrom('sys_depart_role')
      .select('departId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const job = await t.db
      .selectFrom('sys_quartz_job')
      .select('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // What each list needs besides its filters (the screen that opens it passes these).
    const params: Record<string, Record<string, string>> = {
      '/sys/user/userRoleList': { roleId: adminRole.id },
      '/sys/user/departUserList': { depId: member.depId },
      '/sys/permission/queryPermissionRule': { permissionId: userMenu.id },
      '/sys/sysDepartRole/list': { deptId: departRole.departId },
      '/sys/dictItem/list': { dictId: sexDict.id },
      '/sys/sysDepart/list': { pid: '0' },
      '/sys/quartzJob/log/list': { jobId: job.id },
    };
    // Someone in the recycle bin.
    const goneId = await createUser(t.db, { username: 'dt_gone', password: 'Gone-pass-42' });
    await t.db.updateTable('sys_user').set({ sex: 1 }).where('id', '=', goneId).execute();
    const { body } = await call(t.app, 'DELETE', SYS('user/delete'), {
      token: admin,
      query: { id: goneId },
    });
    expect(body.success, body.message).toBe(true);
    const [gone] = await list(SYS('user/recycleBin'), { username: 'dt_gone' });
    expect(gone).toMatchObject({ sex_dictText: '男', status_dictText: '正常' });

    const lists: [string, readonly FieldDefinition[]][] = [];
    for (const file of fs.readdirSync(path.join(ROOT, 'schemas')).filter((f) => /^sys_/.test(f))) {
      const page = JSON.parse(
        fs.readFileSync(path.join(ROOT, 'schemas', file), 'utf8'),
      ) as PageDefinition;
      if (page.api?.list) lists.push([page.api.list, page.fields]);
      for (const detail of page.details ?? []) {
        if (detail.listUrl) lists.push([detail.listUrl, detail.fields]);
      }
    }
    const checked: string[] = [];
    for (const [url, fields] of lists) {
      const rows = await list(`/system${url}`, params[url] ?? {});
      for (const field of fields.filter((f) => f.dictCode)) {
        const valued = rows.filter((r) => r[field.name] !== null && r[field.name] !== undefined);
        for (const row of valued) {
          expect(typeof row[`${field.name}_dictText`], `${url} ${field.name}_dictText`).toBe(
            'string',
          );
        }
        if (valued.length > 0) checked.push(`${url} ${field.name}`);
      }
    }
    // The walk saw the bound fields of every screen that has rows holding them.
    expect(checked).toEqual(
      expect.arrayContaining([
        '/sys/user/list sex',
        '/sys/user/list status',
        '/sys/user/userRoleList status',
        '/sys/user/departUserList status',
        '/sys/position/list postRank',
        '/sys/sysDepart/list orgCategory',
        '/sys/sysDepart/list status',
        '/sys/permission/list menuType',
        '/sys/permission/queryPermissionRule ruleConditions',
        '/sys/permission/queryPermissionRule status',
        '/sys/dictItem/list status',
        '/sys/quartzJob/list jobClassName',
        '/sys/quartzJob/list status',
      ]),
    );
  });

  it('users: system dictionaries, and table dictionaries item by item (unknown items stay)', async () => {
    const [position] = await t.db
      .selectFrom('sys_position')
      .select(['code', 'name'])
      .orderBy('code')
      .limit(1)
      .execute();
    const depart = await t.db
      .selectFrom('sys_depart')
      .select(['id', 'departName'])
      .where('orgCode', '=', 'A01')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sys_user')
      .set({
        sex: 2,
        status: 2,
        userIdentity: 2,
        post: `${position!.code},no_such_post`,
        departIds: depart.id,
      })
      .where('id', '=', await createUser(t.db, { username: 'dt_alice', password: 'Alice-pass-42' }))
      .execute();

    const [user] = await list(SYS('user/list'), { username: 'dt_alice' });
    expect(user).toMatchObject({
      sex: 2,
      sex_dictText: '女',
      status_dictText: '冻结',
      userIdentity_dictText: '上级',
      post_dictText: `${position!.name},no_such_post`,
      departIds_dictText: depart.departName,
    });
    // Single records are not translated (reference §1.6).
    const one = await call<Rec>(t.app, 'GET', SYS('user/queryById'), {
      token: admin,
      query: { id: user!.id as string },
    });
    expect(Object.keys(one.body.result)).not.toContain('sex_dictText');
  });

  it('positions carry rank_dictText (widgets.md §3) and postRank_dictText', async () => {
    const rows = await list(SYS('position/list'), { pageSize: '100' });
    const ranks = new Map(
      (await t.ctx.dicts.getItems('position_rank')).map((i) => [i.value, i.text]),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.rank_dictText).toBe(ranks.get(row.postRank as string));
      expect(row.postRank_dictText).toBe(row.rank_dictText);
    }
  });

  it('announcements and departments translate their dictionaries', async () => {
    const added = await call(t.app, 'POST', SYS('annountCement/add'), {
      token: admin,
      body: { titile: '字典文本', priority: 'H', msgCategory: '1', msgType: 'ALL' },
    });
    expect(added.body.success, added.body.message).toBe(true);
    const [notice] = await list(SYS('annountCement/list'), { titile: '字典文本' });
    expect(notice).toMatchObject({
      priority_dictText: '高',
      msgCategory_dictText: '通知公告',
      msgType_dictText: '全体用户',
      sendStatus_dictText: '未发布',
    });
    const [top] = await list(SYS('sysDepart/list'), { orgCode: 'A01' });
    const categories = await t.ctx.dicts.getItems('org_category');
    expect(top!.orgCategory_dictText).toBe(
      categories.find((c) => c.value === top!.orgCategory)!.text,
    );
  });

  it('menus: every mode of the list, and the parent by name', async () => {
    const tree = await list(SYS('permission/list'));
    const user = tree.find((r) => r.perms === 'user:list')!;
    expect(user).toMatchObject({ menuType_dictText: '子菜单', status_dictText: '有效' });
    const system = tree.find((r) => r.id === user.parentId)!;
    expect(user.parentId_dictText).toBe(system.name);
    const children = await list(SYS('permission/list'), { pid: user.id as string });
    expect(children.find((r) => r.perms === 'user:add')).toMatchObject({
      menuType_dictText: '按钮权限',
      permsType_dictText: '显示',
    });
  });
});

describe('online pages', () => {
  const PAGE: PageDefinition = {
    schemaVersion: PAGE_SCHEMA_VERSION,
    code: 'test_goods',
    title: '商品',
    kind: 'list',
    table: {
      name: 'test_goods',
      columns: [
        { name: 'name', type: 'string', length: 30 },
        { name: 'kind', type: 'string', length: 200 },
        { name: 'kind_code', type: 'string', length: 200 },
      ],
    },
    fields: [
      { name: 'name', label: '名称', type: 'input' },
      // A category dictionary by id and by code (the category tree is a dictionary table).
      { name: 'kind', label: '分类', type: 'select', dictCode: 'sys_category,name,id' },
      { name: 'kindCode', label: '分类编码', type: 'select', dictCode: 'sys_category,name,code' },
    ],
  };

  it('translate category dictionaries, comma lists item by item', async () => {
    await createOnlinePage(t.db, t.ctx.bus, PAGE);
    await createRoleWithCodes(t.db, 'goods_manager', onlineCodes(PAGE.code));
    const token = await signedInUser(t, 'goods1', 'Goods-pass-42', ['goods_manager']);
    const [phone, computer] = await t.db
      .selectFrom('sys_category')
      .select(['id', 'code', 'name'])
      .where('name', 'in', ['手机', '电脑'])
      .orderBy('code')
      .execute();
    const url = (action: string) => `/system/online/cgform/api/${PAGE.code}/${action}`;
    const res = await call(t.app, 'POST', url('add'), {
      token,
      body: {
        name: '套装',
        kind: `${phone!.id},${computer!.id}`,
        kindCode: `${computer!.code},X99`,
      },
    });
    expect(res.body.success, res.body.message).toBe(true);
    const [record] = await list(url('list'), {}, token);
    expect(record).toMatchObject({
      kind_dictText: `${phone!.name},${computer!.name}`,
      kindCode_dictText: `${computer!.name},X99`,
    });
  });
});

describe('dictFields / withDictTexts', () => {
  it('asks each dictionary once per page, for the values the rows hold', async () => {
    const asked: [string, readonly string[] | undefined][] = [];
    const lookup: DictLookup = async (code, keys) => {
      asked.push([code, keys]);
      return [
        { value: '1', text: '一', title: '一' },
        { value: '2', text: '二', title: '二' },
      ];
    };
    const fields = dictFields(
      { a: 'nums', b: 'nums', c: [{ value: 'x', text: '叉' }] },
      { alias_dictText: 'a' },
    );
    const rows = [
      { a: 1, b: '2,9', c: 'x' },
      { a: null, b: '', c: 'y' },
    ];
    expect(await withDictTexts(rows, fields, lookup)).toEqual([
      { ...rows[0], a_dictText: '一', b_dictText: '二,9', c_dictText: '叉', alias_dictText: '一' },
      { ...rows[1], a_dictText: null, b_dictText: null, c_dictText: 'y', alias_dictText: null },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]![0]).toBe('nums');
    expect([...asked[0]![1]!].sort()).toEqual(['1', '2', '2,9', '9']);
  });
});
