import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { createRoleWithCodes, onlineCodes } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
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
 * /bpm/tip_system_save_entity/add, /bpm/tip_system_edit_entity/edit and
 * /bpm/tip_system_remove_entity/remove: the named service's own checks, writes and codes.
 */

type Rec = Record<string, unknown>;

const SAVE = '/system/bpm/tip_system_save_entity/add';
const EDIT = '/system/bpm/tip_system_edit_entity/edit';
const REMOVE = '/system/bpm/tip_system_remove_entity/remove';
const PASSWORD = 'Entity-pass-42';

let t: TestApp;
let admin: string;
let staff: string;
/** Holds online:demo_customer:add|edit|delete and online:no_table_page:add. */
let clerk: string;
/** Holds only checkRule:add. */
let ruler: string;

beforeAll(async () => {
  t = await createTestApp();
  await createRoleWithCodes(t.db, 'entity_clerk', [
    ...onlineCodes('demo_customer', ['add', 'edit', 'delete']),
    'online:no_table_page:add',
  ]);
  await createRoleWithCodes(t.db, 'entity_ruler', ['checkRule:add']);
  await createUser(t.db, { username: 'e_clerk', password: PASSWORD, roleCodes: ['entity_clerk'] });
  await createUser(t.db, { username: 'e_ruler', password: PASSWORD, roleCodes: ['entity_ruler'] });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  clerk = await login(t.app, 'e_clerk', PASSWORD);
  ruler = await login(t.app, 'e_ruler', PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

function expectClean(res: CallResult<unknown>, what: string): void {
  expect(res.text, what).not.toMatch(/\n\s+at /);
  expect(res.text, what).not.toMatch(/select |syntax error|relation /i);
}

const save = (body: unknown, token = admin, query?: Record<string, string>) =>
  call<string>(t.app, 'POST', SAVE, { token, body, query });
const edit = (body: unknown, token = admin, query?: Record<string, string>) =>
  call(t.app, 'PUT', EDIT, { token, body, query });
const remove = (body: unknown, token = admin, query?: Record<string, string>) =>
  call(t.app, 'POST', REMOVE, { token, body, query });

async function saved(res: CallResult<string>): Promise<string> {
  expect(res.body, JSON.stringify(res.body)).toMatchObject({
    success: true,
    message: '新增成功！',
  });
  return res.body.result;
}

describe('sysPosition', () => {
  it('adds (serviceName in the body or the query), edits and removes positions', async () => {
    const a = await saved(await save({ serviceName: 'sysPosition', code: 'ent_a', name: '甲' }));
    const b = await saved(
      await save({ code: 'ent_b', name: '乙' }, admin, { serviceName: 'sysPosition' }),
    );
    const rows = await t.db
      .selectFrom('sys_position')
      .select(['id', 'code', 'name', 'createBy'])
      .where('id', 'in', [a, b])
      .orderBy('code')
      .execute();
    expect(rows).toEqual([
      { id: a, code: 'ent_a', name: '甲', createBy: 'admin' },
      { id: b, code: 'ent_b', name: '乙', createBy: 'admin' },
    ]);

    const edited = await edit({ serviceName: 'sysPosition', id: a, code: 'ent_a2', name: '甲二' });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const row = await t.db
      .selectFrom('sys_position')
      .select(['code', 'name'])
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ code: 'ent_a2', name: '甲二' });

    const one = await remove({ serviceName: 'sysPosition', id: a });
    expect(one.body).toMatchObject({ success: true, message: '删除成功!' });
    const batch = await remove({ serviceName: 'sysPosition', ids: `${b},` });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    const left = await t.db.selectFrom('sys_position').select('id').where('id', 'in', [a, b]);
    expect(await left.execute()).toEqual([]);
    const again = await remove({ serviceName: 'sysPosition', id: a });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('checks the record exactly as /sys/position/add and /edit do', async () => {
    const bodies: Rec[] = [
      { name: '无编码' },
      { code: 'bad code;drop table sys_position', name: 'x' },
      { code: 'ok_code', name: '' },
      { code: 'ok_code', name: 'x', postRank: '123' },
    ];
    for (const body of bodies) {
      const own = await call(t.app, 'POST', '/system/sys/position/add', { token: admin, body });
      const viaEntity = await save({ serviceName: 'sysPosition', ...body });
      expect(viaEntity.status, JSON.stringify(body)).toBe(400);
      expect(viaEntity.body.message).toBe(own.body.message);
      expectClean(viaEntity, JSON.stringify(body));
    }
    const taken = await save({ serviceName: 'sysPosition', code: 'jingli', name: '经理二' });
    expect(taken.body).toMatchObject({ success: false, message: '职务编码“jingli”已存在' });
    const noId = await edit({ serviceName: 'sysPosition', code: 'x', name: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('参数校验失败：body.id 应当有必需属性 id');
  });

  it('needs the position codes: staff is refused with 510', async () => {
    for (const [url, method] of [
      [SAVE, 'POST'],
      [EDIT, 'PUT'],
      [REMOVE, 'POST'],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: staff,
        body: { serviceName: 'sysPosition', id: 'x', code: 'x', name: 'x' },
      });
      expect(res.body, url).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
      expect((await call(t.app, method, url, { body: {} })).status).toBe(401);
    }
  });
});

describe('sysCategory and sysCheckRule', () => {
  it('adds a category with a generated code below its parent, edits and removes it', async () => {
    const parent = await t.db
      .selectFrom('sys_category')
      .select('id')
      .where('code', '=', 'A02A01')
      .executeTakeFirstOrThrow();
    const id = await saved(
      await save({ serviceName: 'sysCategory', name: '汽车', pid: parent.id }),
    );
    const row = await t.db
      .selectFrom('sys_category')
      .select(['code', 'pid'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ code: 'A02A01A01', pid: parent.id });
    const hasChild = async () =>
      (
        await t.db
          .selectFrom('sys_category')
          .select('hasChild')
          .where('id', '=', parent.id)
          .executeTakeFirstOrThrow()
      ).hasChild;
    expect(await hasChild()).toBe('1');

    const moved = await edit({ serviceName: 'sysCategory', id, name: '汽车', pid: '0' });
    expect(moved.body.message).toBe('不能修改分类的上级节点');
    const renamed = await edit({ serviceName: 'sysCategory', id, name: '汽车制造' });
    expect(renamed.body.success).toBe(true);

    expect((await remove({ serviceName: 'sysCategory', id })).body.success).toBe(true);
    expect(await hasChild()).toBe('0');
  });

  it('adds a check rule only with valid rule JSON; checkByCode uses it', async () => {
    const bad = await save({
      serviceName: 'sysCheckRule',
      ruleName: '坏',
      ruleCode: 'ent_bad',
      ruleJson: '[{"digits":"*","pattern":"(?!x).*","message":"x"}]',
    });
    expect(bad.body).toMatchObject({
      success: false,
      message: '第 1 条规则的正则表达式用到了环视或反向引用，服务器无法执行，请改写',
    });
    await saved(
      await save({
        serviceName: 'sysCheckRule',
        ruleName: '两位数字',
        ruleCode: 'ent_two_digits',
        ruleJson: '[{"digits":"*","pattern":"\\\\d{2}","message":"应为两位数字"}]',
      }),
    );
    const check = (value: string) =>
      call(t.app, 'GET', PAGE_API.checkRule, {
        token: staff,
        query: { ruleCode: 'ent_two_digits', value },
      });
    expect((await check('12')).body.success).toBe(true);
    expect((await check('123')).body.message).toBe('应为两位数字');
  });

  it('takes serviceName from the query first, for the code and the save alike', async () => {
    // A holder of checkRule:add cannot reach positions by naming checkRule in the body only.
    const sneaky = await save({ serviceName: 'sysCheckRule', code: 'sneak', name: 'x' }, ruler, {
      serviceName: 'sysPosition',
    });
    expect(sneaky.body).toMatchObject({ code: 510 });
    const rule = await save(
      {
        serviceName: 'sysPosition',
        ruleName: '规则',
        ruleCode: 'via_query',
        ruleJson: '[{"digits":"*","pattern":".+","message":"必填"}]',
      },
      ruler,
      { serviceName: 'sysCheckRule' },
    );
    await saved(rule);
    const position = await t.db
      .selectFrom('sys_position')
      .select('id')
      .where('code', '=', 'sneak')
      .execute();
    expect(position).toEqual([]);
  });
});

describe('online pages', () => {
  const customers = async (name: string) => {
    const { rows } = await sql<{ id: string; name: string; phone: string | null; level: string }>`
      select id, name, phone, level from demo_customer where name = ${name}`.execute(t.db);
    return rows;
  };

  it('adds, edits and removes demo_customer rows with the page rules', async () => {
    const id = await saved(
      await save(
        { serviceName: 'demo_customer', name: '实体客户', phone: '13800000001', level: '2' },
        clerk,
      ),
    );
    expect(await customers('实体客户')).toEqual([
      { id, name: '实体客户', phone: '13800000001', level: '2' },
    ]);

    const noName = await save({ serviceName: 'demo_customer', level: '1' }, clerk);
    expect(noName.body).toMatchObject({ success: false, code: 500, message: '请输入客户名称' });
    const badPhone = await save(
      { serviceName: 'demo_customer', name: '坏号码', phone: '123', level: '1' },
      clerk,
    );
    expect(badPhone.body).toMatchObject({ success: false, message: '请输入正确的手机号码' });
    const samePhone = await save(
      { serviceName: 'demo_customer', name: '同号码', phone: '13800000001', level: '1' },
      clerk,
    );
    expect(samePhone.body).toMatchObject({ success: false, message: '该手机号已登记为其他客户' });

    const edited = await edit({ serviceName: 'demo_customer', id, name: '实体客户改' }, clerk, {});
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await customers('实体客户改')).toHaveLength(1);

    const removed = await remove({ serviceName: 'demo_customer', ids: id }, clerk);
    expect(removed.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await customers('实体客户改')).toEqual([]);
  });

  it("publishes its saves to the page's open grids, like the page's own saves", async () => {
    const publish = vi.spyOn(t.ctx.tableSync, 'publishTableUpdate');
    try {
      const id = await saved(
        await save({ serviceName: 'demo_customer', name: '同步客户', level: '1' }, clerk),
      );
      await edit({ serviceName: 'demo_customer', id, name: '同步客户改' }, clerk, {});
      const updates = publish.mock.calls.map(([input]) => input);
      expect(updates.map((u) => [u.pageId, u.socketKey, u.rows[0]?.name])).toEqual([
        ['demo_customer', 'demo_customer', '同步客户'],
        ['demo_customer', 'demo_customer', '同步客户改'],
      ]);
      expect(updates[1]!.scope).toEqual({ page: 'demo_customer', id });
    } finally {
      publish.mockRestore();
    }
  });

  it('needs online:{code}:… codes: admin holds none for demo_customer', async () => {
    const res = await save({ serviceName: 'demo_customer', name: 'x', level: '1' }, admin);
    expect(res.body).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
    const position = await save({ serviceName: 'sysPosition', code: 'clerk_p', name: 'x' }, clerk);
    expect(position.body).toMatchObject({ code: 510 });
  });

  it('a page code with no page or table is refused with a clear message', async () => {
    const res = await save({ serviceName: 'no_table_page', name: 'x' }, clerk);
    expect(res.body).toMatchObject({
      success: false,
      code: 500,
      message: '页面不存在或没有自己的表：no_table_page',
    });
  });
});

describe('refusals', () => {
  it('an unknown or hostile serviceName derives no code: 510 even for admin', async () => {
    const before = await t.db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const names = [
      'sysUser',
      'SysPosition',
      'sys_user; drop table sys_position',
      "sysPosition' or '1'='1",
      '../sysPosition',
      'constructor',
      '__proto__',
      'hasOwnProperty',
      'sys_user',
      '',
      '   ',
    ];
    for (const serviceName of names) {
      const body = { serviceName, code: 'x_unknown', name: 'x', id: 'x' };
      for (const res of [await save(body), await edit(body), await remove(body)]) {
        expect(res.body, serviceName).toMatchObject({ code: 510, message: MSG_NO_PERMISSION });
        expectClean(res, serviceName);
      }
      const inQuery = await save({ code: 'x_unknown', name: 'x' }, admin, { serviceName });
      expect(inQuery.body.code, serviceName).toBe(510);
    }
    expect((await save({ code: 'x_unknown', name: 'x' })).body.code).toBe(510);
    expect((await save(['sysPosition'])).body.code).toBe(510);
    const after = await t.db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses bad shapes and empty removals with clear answers', async () => {
    const array = await save(['x'], admin, { serviceName: 'sysPosition' });
    expect(array.status).toBe(400);
    const noBody = await call(t.app, 'POST', SAVE, {
      token: admin,
      query: { serviceName: 'sysPosition' },
    });
    expect(noBody.body).toMatchObject({
      code: 400,
      message: '参数校验失败：body 应当是 object 类型',
    });
    const long = await save({ serviceName: 'sysPosition', code: 'x', name: 'x' }, admin, {
      serviceName: `a${'b'.repeat(64)}`,
    });
    expect(long.body.code).toBe(510);
    const nothing = await remove({ serviceName: 'sysPosition' });
    expect(nothing.body).toMatchObject({ success: false, message: '请选择要删除的记录' });
    // Not an id: refused where ids are parsed, before any SQL.
    const injected = await remove({ serviceName: 'sysPosition', ids: "x') or ('1'='1" });
    expect(injected.body).toMatchObject({ success: false, message: '参数 ids 不正确' });
    expectClean(injected, 'ids');
    const tooLong = await remove({ serviceName: 'sysPosition', id: 'x'.repeat(37) });
    expect(tooLong.status).toBe(400);
  });
});
