import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { MSG_OUT_OF_SCOPE } from '../../server/http/data-scope';
import { createRoleWithMenuRule } from '../support/online-tables';
import { PAGE_API } from '../support/pages';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  signHeaders,
  type CallResult,
  type TestApp,
} from '../support/test-app';

/**
 * The data-rule holes of issue 11, each as the attack that worked: a whitespace-padded id on
 * the online edit, the `/bpm/tip_system_*` services with a page's serviceName, a system screen
 * whose routes forgot the rules, and the table dictionary / duplicate check read by a user
 * without any permission.
 */

const DATA = '/system/online/cgform/api/demo_customer';
const EDIT_ENTITY = '/system/bpm/tip_system_edit_entity/edit';
const REMOVE_ENTITY = '/system/bpm/tip_system_remove_entity/remove';
const PASSWORD = 'Holes-pass-58';

let t: TestApp;
/** Holds every code of 客户管理 with the rule `level = 3` (VIP customers only). */
let vip: string;
/** Holds every code of 职务管理 with the rule `name LIKE 经理`. */
let positioner: string;
/** Holds no permission at all. */
let nobody: string;
let outsideId: string;

interface Customer {
  readonly id: string;
  readonly name: string;
  readonly phone: string | null;
  readonly level: string;
}

async function customer(id: string): Promise<Customer | undefined> {
  const { rows } = await sql<Customer>`select id, name, phone, level from demo_customer
    where id = ${id}`.execute(t.db.withoutPlugins());
  return rows[0];
}

async function menuIdOf(perms: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', '=', perms)
    .where('menuType', '<>', 2)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const added = await call<{ menuId: string }>(t.app, 'POST', PAGE_API.addToMenu, {
    token: admin,
    body: { code: 'demo_customer' },
  });
  expect(added.body.success).toBe(true);
  await createRoleWithMenuRule(
    t.db,
    { code: 'hole_vip', name: '只看VIP' },
    added.body.result.menuId,
    { name: '只看VIP', column: 'level', condition: '=', value: '3' },
  );
  await createUser(t.db, { username: 'hole_vip', password: PASSWORD, roleCodes: ['hole_vip'] });
  vip = await login(t.app, 'hole_vip', PASSWORD);

  await createRoleWithMenuRule(
    t.db,
    { code: 'hole_position', name: '只看经理职务' },
    await menuIdOf('position:list'),
    { name: '只看经理', column: 'name', condition: 'LIKE', value: '经理' },
  );
  await createUser(t.db, {
    username: 'hole_position',
    password: PASSWORD,
    roleCodes: ['hole_position'],
  });
  positioner = await login(t.app, 'hole_position', PASSWORD);

  await createUser(t.db, { username: 'hole_nobody', password: PASSWORD });
  nobody = await login(t.app, 'hole_nobody', PASSWORD);

  const { rows } = await sql<{ id: string }>`select id from demo_customer where level <> '3'
    order by id limit 1`.execute(t.db.withoutPlugins());
  outsideId = rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

function refused(res: CallResult<unknown>): void {
  expect(res.body.success, res.text).toBe(false);
}

describe('an id is parsed once, before any check', () => {
  it.each([
    ['a leading space', ' '],
    ['a leading tab', '\t'],
    ['a trailing space', ''],
  ])('the online edit with %s on the id does not touch a row the rule hides', async (_, pad) => {
    const before = await customer(outsideId);
    const id = pad === '' ? `${outsideId} ` : `${pad}${outsideId}`;
    const res = await call(t.app, 'PUT', `${DATA}/edit`, {
      token: vip,
      body: { id, name: '被改名了', level: before!.level, phone: before!.phone },
    });
    refused(res);
    expect(await customer(outsideId)).toEqual(before);
  });

  it('a padded id is a 400 naming the parameter, also where the row is in scope', async () => {
    const { rows } = await sql<{ id: string }>`select id from demo_customer where level = '3'
      limit 1`.execute(t.db.withoutPlugins());
    const res = await call(t.app, 'GET', `${DATA}/queryById`, {
      token: vip,
      query: { id: ` ${rows[0]!.id}` },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 400 });
    expect(res.body.message).toContain('id');
  });

  it('padded ids in a delete list are trimmed and then checked like any other', async () => {
    const res = await call(t.app, 'DELETE', `${DATA}/deleteBatch`, {
      token: vip,
      query: { ids: `\t${outsideId} ,` },
    });
    expect(res.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    expect(await customer(outsideId)).toBeDefined();
  });
});

describe('/bpm/tip_system_* with a page serviceName meet the page’s data rules', () => {
  it('edit of a row outside the rule is refused and changes nothing', async () => {
    const before = await customer(outsideId);
    const res = await call(t.app, 'PUT', EDIT_ENTITY, {
      token: vip,
      body: { serviceName: 'demo_customer', id: outsideId, name: '经由实体服务改名' },
    });
    expect(res.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    expect(await customer(outsideId)).toEqual(before);
  });

  it('remove of a row outside the rule is refused and deletes nothing', async () => {
    for (const body of [
      { serviceName: 'demo_customer', id: outsideId },
      { serviceName: 'demo_customer', ids: outsideId },
    ]) {
      const res = await call(t.app, 'POST', REMOVE_ENTITY, { token: vip, body });
      expect(res.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    }
    expect(await customer(outsideId)).toBeDefined();
  });

  it('a row inside the rule is edited as before', async () => {
    const { rows } = await sql<Customer>`select id, name, phone, level from demo_customer
      where level = '3' order by id limit 1`.execute(t.db.withoutPlugins());
    const inside = rows[0]!;
    const res = await call(t.app, 'PUT', EDIT_ENTITY, {
      token: vip,
      body: { serviceName: 'demo_customer', ...inside, name: `${inside.name}（改）` },
    });
    expect(res.body, res.text).toMatchObject({ success: true });
    expect((await customer(inside.id))?.name).toBe(`${inside.name}（改）`);
  });
});

describe('a system screen’s data rules reach all of its routes (职务管理)', () => {
  const BASE = '/system/sys/position';
  let managerIds: string[];
  let otherId: string;

  beforeAll(async () => {
    const rows = await t.db.selectFrom('sys_position').select(['id', 'name']).execute();
    managerIds = rows.filter((r) => r.name.includes('经理')).map((r) => r.id);
    otherId = rows.find((r) => !r.name.includes('经理'))!.id;
    expect(managerIds.length).toBeGreaterThan(0);
  });

  it('the list shows only the rows the rule lets through', async () => {
    const res = await call<{ records: { id: string; name: string }[]; total: number }>(
      t.app,
      'GET',
      `${BASE}/list`,
      { token: positioner, query: { pageSize: '100' } },
    );
    expect(res.body.success, res.text).toBe(true);
    expect(res.body.result.records.map((r) => r.id).sort()).toEqual([...managerIds].sort());
    expect(res.body.result.total).toBe(managerIds.length);
  });

  it('a row outside cannot be read, edited or deleted', async () => {
    const read = await call(t.app, 'GET', `${BASE}/queryById`, {
      token: positioner,
      query: { id: otherId },
    });
    expect(read.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    const edit = await call(t.app, 'PUT', `${BASE}/edit`, {
      token: positioner,
      body: { id: otherId, code: 'hole_code', name: '被改名了' },
    });
    expect(edit.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    const remove = await call(t.app, 'DELETE', `${BASE}/deleteBatch`, {
      token: positioner,
      query: { ids: otherId },
    });
    expect(remove.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    const still = await t.db
      .selectFrom('sys_position')
      .select(['code', 'name'])
      .where('id', '=', otherId)
      .executeTakeFirst();
    expect(still?.code).not.toBe('hole_code');
  });
});

describe('lookups on a page table obey the page’s permission', () => {
  it('getDictItems of 客户管理 answers a user without any permission like the list does', async () => {
    const list = await call(t.app, 'GET', `${DATA}/list`, { token: nobody });
    expect(list.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
    const { rows } = await sql<{ phone: string }>`select phone from demo_customer
      where phone is not null limit 1`.execute(t.db.withoutPlugins());
    for (const url of [
      '/system/sys/dict/getDictItems/demo_customer,phone,id',
      '/system/sys/dict/loadDict/demo_customer,phone,id',
      `/system/sys/dict/loadDictItem/demo_customer,phone,phone?key=${rows[0]!.phone}`,
      '/system/sys/dict/loadTreeData?tableName=demo_customer&text=phone&code=id&pidField=id&pid=0',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-access-token': nobody, ...signHeaders(url) },
      });
      const body = JSON.parse(res.body) as { success: boolean; code: number; message: string };
      expect(body, url).toMatchObject({
        success: false,
        code: 510,
        message: MSG_NO_PERMISSION,
      });
      expect(res.body, url).not.toContain(rows[0]!.phone);
    }
  });

  it('the duplicate check on 客户管理 tells a user without permission nothing', async () => {
    const { rows } = await sql<{ phone: string }>`select phone from demo_customer
      where phone is not null limit 1`.execute(t.db.withoutPlugins());
    const res = await call(t.app, 'GET', PAGE_API.duplicateCheck, {
      token: nobody,
      query: { tableName: 'demo_customer', fieldName: 'phone', fieldVal: rows[0]!.phone },
    });
    expect(res.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
  });
});
