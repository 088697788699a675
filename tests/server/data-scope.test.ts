import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permission, principalOf } from '../../server/http/access';
import {
  MSG_OUT_OF_SCOPE,
  MSG_SQL_RULE,
  ruleProblem,
  unknownVariables,
} from '../../server/http/data-scope';
import { ok } from '../../server/http/envelope';
import { defineListEntity } from '../../server/http/list-query';
import { parseId } from '../../server/http/request-schemas';
import { rowScope, scoped, type ScopedEntity } from '../../server/http/row-scope';
import { newId } from '../../server/ids';
import { call, createTestApp, createUser, login, type TestApp } from '../support/test-app';

/**
 * Data rules from the grant to the SQL: rules chosen for a role (or a department role) on a
 * menu reach the caller's principal, and routes of that menu (and of its buttons) read and
 * touch only the rows the rules let through. The routes here are test routes on the real
 * app, so the mechanism is tested apart from any one screen.
 */

const LIST = '/system/__test__/scoped-users';
const TOUCH = '/system/__test__/scoped-touch';
const PASSWORD = 'Scope-pass-42';

const USERS = defineListEntity({
  fields: {
    id: { column: 'u.id', type: 'string' },
    username: { column: 'u.username', type: 'string' },
    orgCode: { column: 'u.org_code', type: 'string' },
    status: { column: 'u.status', type: 'integer' },
    createTime: { column: 'u.create_time', type: 'datetime' },
  },
});

/** The test routes' entity: users, under the rules of 用户管理. */
const SCOPE: ScopedEntity = {
  table: 'sys_user',
  menuCode: 'user:list',
  fields: USERS,
  from: sql`sys_user u`,
  key: sql.ref('u.id'),
};

let t: TestApp;
let roleId: string;
let userMenuId: string;
let editButtonId: string;

async function ruleOnUserMenu(
  name: string,
  column: string,
  condition: string,
  value: string,
  status = '1',
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('sys_permission_data_rule')
    .values({
      id,
      permissionId: userMenuId,
      ruleName: name,
      ruleColumn: column,
      ruleConditions: condition,
      ruleValue: value,
      status,
      createBy: 'test',
    })
    .execute();
  return id;
}

/** Chooses rules for the test role on 用户管理 and drops every cached principal. */
async function choose(ruleIds: readonly string[]): Promise<void> {
  await t.db
    .updateTable('sys_role_permission')
    .set({ dataRuleIds: ruleIds.length ? ruleIds.join(',') : null })
    .where('roleId', '=', roleId)
    .where('permissionId', '=', userMenuId)
    .execute();
  await t.ctx.bus.publish({ kind: 'permissions' });
}

async function member(username: string, orgCodes: readonly string[]): Promise<string> {
  const id = await createUser(t.db, {
    username,
    password: PASSWORD,
    roleCodes: ['scoped'],
    orgCode: orgCodes[0],
  });
  for (const orgCode of orgCodes) {
    const depart = await t.db
      .selectFrom('sys_depart')
      .select('id')
      .where('orgCode', '=', orgCode)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_user_depart')
      .values({ id: newId(), userId: id, depId: depart.id })
      .execute();
  }
  return id;
}

async function visible(token: string): Promise<string[]> {
  const res = await call<string[]>(t.app, 'GET', LIST, { token });
  expect(res.body, res.text).toMatchObject({ success: true });
  return res.body.result;
}

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      const config = (code: string) => ({ access: permission(code), dataScope: scoped(SCOPE) });
      app.get(LIST, { config: config('user:list') }, async (request) => {
        const scope = rowScope(request);
        const { rows } = await sql<{ username: string }>`
          select u.username from sys_user u
          where u.del_flag = 0 and ${scope.where} order by u.username`.execute(
          t.db.withoutPlugins(),
        );
        return ok(rows.map((r) => r.username));
      });
      app.put<{ Querystring: { id: string } }>(
        TOUCH,
        { config: config('user:edit') },
        async (request) => {
          principalOf(request);
          await rowScope(request).checkOne(parseId(request.query.id));
          return ok('touched');
        },
      );
    },
  });
  const menu = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', '=', 'user:list')
    .executeTakeFirstOrThrow();
  userMenuId = menu.id;
  editButtonId = (
    await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', 'user:edit')
      .executeTakeFirstOrThrow()
  ).id;
  roleId = newId();
  await t.db
    .insertInto('sys_role')
    .values({
      id: roleId,
      roleName: '数据规则测试',
      roleCode: 'scoped',
      description: null,
      createBy: 'test',
    })
    .execute();
  await t.db
    .insertInto('sys_role_permission')
    .values([
      {
        id: newId(),
        roleId,
        permissionId: userMenuId,
        dataRuleIds: null,
        operateDate: null,
        operateIp: null,
      },
      {
        id: newId(),
        roleId,
        permissionId: editButtonId,
        dataRuleIds: null,
        operateDate: null,
        operateIp: null,
      },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('rules chosen for a role filter what its holders see', () => {
  let dev: string;
  let devId: string;
  let rd: string;
  let all: string[];

  beforeAll(async () => {
    devId = await member('scope_dev', ['A01A02A01']);
    await member('scope_rd', ['A01A02']);
    dev = await login(t.app, 'scope_dev', PASSWORD);
    rd = await login(t.app, 'scope_rd', PASSWORD);
    await choose([]);
    all = await visible(dev);
  });

  it('without a chosen rule everybody is visible', () => {
    expect(all).toEqual(expect.arrayContaining(['admin', 'staff', 'scope_dev', 'scope_rd']));
    expect(all.length).toBeGreaterThan(50);
  });

  it('仅本人: username = #{sys_user_code}', async () => {
    const self = await ruleOnUserMenu('仅本人', 'username', '=', '#{sys_user_code}');
    await choose([self]);
    expect(await visible(dev)).toEqual(['scope_dev']);
    expect(await visible(rd)).toEqual(['scope_rd']);
  });

  it('本部门: org_code RIGHT_LIKE #{sys_org_code} (snake or camel field names)', async () => {
    const department = await ruleOnUserMenu('本部门', 'org_code', 'RIGHT_LIKE', '#{sysOrgCode}');
    await choose([department]);
    const below = async (prefix: string) =>
      (
        await t.db
          .selectFrom('sys_user')
          .select('username')
          .where('orgCode', 'like', `${prefix}%`)
          .where('delFlag', '=', 0)
          .orderBy('username')
          .execute()
      ).map((r) => r.username);
    const rdSees = await below('A01A02');
    expect(rdSees).toContain('scope_dev');
    expect(await visible(rd)).toEqual(rdSees);
    const devSees = await below('A01A02A01');
    expect(devSees).not.toContain('scope_rd');
    expect(await visible(dev)).toEqual(devSees);
  });

  it('several rules all apply, disabled ones do not', async () => {
    const self = await ruleOnUserMenu('本人2', 'username', '=', '#{sys_user_code}');
    const department = await ruleOnUserMenu('部门2', 'orgCode', 'RIGHT_LIKE', '#{sys_org_code}');
    const off = await ruleOnUserMenu('停用', 'username', '=', 'admin', '0');
    await choose([self, department, off]);
    expect(await visible(dev)).toEqual(['scope_dev']);
  });

  it('#{sys_multi_org_code} with IN covers every department of the user', async () => {
    await member('scope_two', ['A01A03A01', 'A01A04']);
    const two = await login(t.app, 'scope_two', PASSWORD);
    const multi = await ruleOnUserMenu('所属部门', 'orgCode', 'IN', '#{sys_multi_org_code}');
    await choose([multi]);
    const expected = await t.db
      .selectFrom('sys_user')
      .select('username')
      .where('orgCode', 'in', ['A01A03A01', 'A01A04'])
      .where('delFlag', '=', 0)
      .orderBy('username')
      .execute();
    expect(await visible(two)).toEqual(expected.map((r) => r.username));
  });

  it('a user without a department matches nothing under a department rule', async () => {
    await createUser(t.db, { username: 'scope_none', password: PASSWORD, roleCodes: ['scoped'] });
    const none = await login(t.app, 'scope_none', PASSWORD);
    const department = await ruleOnUserMenu('部门3', 'orgCode', '=', '#{sys_org_code}');
    await choose([department]);
    expect(await visible(none)).toEqual([]);
  });

  it("a button's route meets its menu's rules: touching a row outside is refused", async () => {
    const self = await ruleOnUserMenu('本人3', 'username', '=', '#{sys_user_code}');
    await choose([self]);
    const admin = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const outside = await call(t.app, 'PUT', TOUCH, { token: dev, query: { id: admin.id } });
    expect(outside.body).toMatchObject({ success: false, code: 500, message: MSG_OUT_OF_SCOPE });
    const inside = await call(t.app, 'PUT', TOUCH, { token: dev, query: { id: devId } });
    expect(inside.body).toMatchObject({ success: true, result: 'touched' });
  });

  it('a rule on a field the list does not have refuses the call instead of showing more', async () => {
    const odd = await ruleOnUserMenu('怪字段', 'password', '=', 'x');
    await choose([odd]);
    const res = await call(t.app, 'GET', LIST, { token: dev });
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toContain('password');
    expect(res.text).not.toMatch(/select |syntax error|\n\s+at /i);
  });

  it('rules chosen for a department role apply to its holders', async () => {
    await choose([]);
    const depart = await t.db
      .selectFrom('sys_depart')
      .select('id')
      .where('orgCode', '=', 'A01A02A01')
      .executeTakeFirstOrThrow();
    const droleId = newId();
    await t.db
      .insertInto('sys_depart_role')
      .values({
        id: droleId,
        departId: depart.id,
        roleName: '组长',
        roleCode: 'lead',
        description: null,
        createBy: 'test',
      })
      .execute();
    const self = await ruleOnUserMenu('本人4', 'username', '=', '#{sys_user_code}');
    await t.db
      .insertInto('sys_depart_role_permission')
      .values({
        id: newId(),
        departId: depart.id,
        roleId: droleId,
        permissionId: userMenuId,
        dataRuleIds: self,
        operateDate: null,
        operateIp: null,
      })
      .execute();
    // A department role reaches only what its department holds.
    await t.db
      .insertInto('sys_depart_permission')
      .values({ id: newId(), departId: depart.id, permissionId: userMenuId, dataRuleIds: null })
      .execute();
    await t.db
      .insertInto('sys_depart_role_user')
      .values({ id: newId(), userId: devId, droleId })
      .execute();
    await t.ctx.bus.publish({ kind: 'permissions' });
    expect(await visible(dev)).toEqual(['scope_dev']);
  });
});

describe('rules are checked when saved', () => {
  it('refuses custom SQL, unknown conditions, unknown variables and empty values', () => {
    const rule = (condition: string, value: string | null, column: string | null = 'username') =>
      ruleProblem({ condition, column, value });
    expect(rule('USE_SQL_RULES', '1=1')).toBe(MSG_SQL_RULE);
    expect(rule('BETWEEN', 'a')).toContain('BETWEEN');
    expect(rule('=', '#{sys_password}')).toContain('sys_password');
    expect(rule('=', '  ')).not.toBeNull();
    expect(rule('=', 'x', 'user name;')).not.toBeNull();
    expect(rule('RIGHT_LIKE', '#{sys_org_code}')).toBeNull();
    expect(rule('IN', '#{sysMultiOrgCode}', 'orgCode')).toBeNull();
    expect(unknownVariables('#{sys_user_code}-#{foo_bar}')).toEqual(['foo_bar']);
  });
});
