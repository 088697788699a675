import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids';
import { maskPhone } from '../../server/modules/user/phone-mask';
import { call, createTestApp, createUser, login, type TestApp } from '../support/test-app';
import { expectBadRequest, roleWithCodes, U, type Page } from './users-support';

/**
 * The user picker's columns and filters (widgets.md §2.11: username, sex, birthday; phone,
 * birthday, sex, orgCodeTxt) and its phones: masked for callers without 用户管理's list code,
 * in full for its holders, within that list's data rules.
 */

interface PickerRow {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly phone: string | null;
  readonly birthday: string | null;
  readonly sex: number | null;
  readonly orgCodeTxt: string | null;
}

const PASSWORD = 'Picker#2026';
const PHONE_A = '13812345678';
const PHONE_B = '13987654321';

let t: TestApp;
let plain: string;
let lister: string;
let scopedLister: string;

async function person(
  username: string,
  fields: { phone: string; sex: number; birthday: string; orgCode: string },
): Promise<void> {
  const id = await createUser(t.db, { username, password: PASSWORD, orgCode: fields.orgCode });
  await t.db
    .updateTable('sys_user')
    .set({ phone: fields.phone, sex: fields.sex, birthday: fields.birthday })
    .where('id', '=', id)
    .execute();
}

async function picked(token: string, query: Record<string, string> = {}): Promise<PickerRow[]> {
  const res = await call<Page<PickerRow>>(t.app, 'GET', `${U}/queryUserComponentData`, {
    token,
    query: { username: 'pk_', pageSize: '100', ...query },
  });
  expect(res.body, res.text).toMatchObject({ success: true });
  return [...res.body.result.records].sort((a, b) => a.username.localeCompare(b.username));
}

const phoneOf = (rows: readonly PickerRow[], username: string) =>
  rows.find((r) => r.username === username)?.phone;

beforeAll(async () => {
  t = await createTestApp();
  await person('pk_a', { phone: PHONE_A, sex: 1, birthday: '1990-05-01', orgCode: 'A01' });
  await person('pk_b', { phone: PHONE_B, sex: 2, birthday: '1995-10-20', orgCode: 'A02' });
  await createUser(t.db, { username: 'pk_plain', password: PASSWORD });

  await roleWithCodes(t.db, 'pk_list', ['user:list']);
  await createUser(t.db, { username: 'pk_lister', password: PASSWORD, roleCodes: ['pk_list'] });

  // A holder of 用户管理 whose data rule there shows only the users of department A01.
  const scopedRole = await roleWithCodes(t.db, 'pk_scoped', ['user:list']);
  const menu = await t.db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', '=', 'user:list')
    .executeTakeFirstOrThrow();
  const rule = newId();
  await t.db
    .insertInto('sys_permission_data_rule')
    .values({
      id: rule,
      permissionId: menu.id,
      ruleName: '仅A01',
      ruleColumn: 'orgCode',
      ruleConditions: '=',
      ruleValue: 'A01',
      status: '1',
      createBy: 'test',
    })
    .execute();
  await t.db
    .updateTable('sys_role_permission')
    .set({ dataRuleIds: rule })
    .where('roleId', '=', scopedRole)
    .where('permissionId', '=', menu.id)
    .execute();
  await createUser(t.db, { username: 'pk_scoped', password: PASSWORD, roleCodes: ['pk_scoped'] });

  [plain, lister, scopedLister] = await Promise.all([
    login(t.app, 'pk_plain', PASSWORD),
    login(t.app, 'pk_lister', PASSWORD),
    login(t.app, 'pk_scoped', PASSWORD),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('user picker phones', () => {
  it('masks every phone for a caller without the user-management list code', async () => {
    const res = await call<Page<PickerRow>>(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: plain,
      query: { username: 'pk_', pageSize: '100' },
    });
    expect(phoneOf(res.body.result.records, 'pk_a')).toBe('138****5678');
    expect(phoneOf(res.body.result.records, 'pk_b')).toBe('139****4321');
    // Not in the answer at all, not only not shown.
    expect(res.text).not.toContain(PHONE_A);
    expect(res.text).not.toContain(PHONE_B);
    expect(res.text).not.toContain('phoneInFull');

    const depart = await t.db
      .selectFrom('sys_depart')
      .select('id')
      .where('orgCode', '=', 'A01')
      .executeTakeFirstOrThrow();
    const members = await call<PickerRow[]>(t.app, 'GET', `${U}/queryUserByDepId`, {
      token: plain,
      query: { id: depart.id },
    });
    expect(members.body.success).toBe(true);
    expect(members.text).not.toContain(PHONE_A);
  });

  it('shows phones in full to holders of the list code', async () => {
    const rows = await picked(lister);
    expect(phoneOf(rows, 'pk_a')).toBe(PHONE_A);
    expect(phoneOf(rows, 'pk_b')).toBe(PHONE_B);
  });

  it("follows the list's data rules: in full only for users that list would show", async () => {
    const rows = await picked(scopedLister);
    expect(phoneOf(rows, 'pk_a')).toBe(PHONE_A);
    expect(phoneOf(rows, 'pk_b')).toBe('139****4321');
  });

  it('a phone cannot be searched or sorted by (no recovering its digits)', async () => {
    await expectBadRequest(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: plain,
      query: { phone: '*5678*' },
    });
    await expectBadRequest(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: plain,
      query: { column: 'phone', order: 'asc' },
    });
  });

  it('masks by length', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+8613812345678')).toBe('+86****5678');
    expect(maskPhone('6543210')).toBe('****10');
    expect(maskPhone('110')).toBe('****');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBeNull();
  });
});

describe('user picker columns and filters', () => {
  it('answers username, realname, phone, birthday, sex and department names', async () => {
    const [a] = await picked(plain, { username: 'pk_a' });
    expect(a).toMatchObject({
      username: 'pk_a',
      realname: 'pk_a',
      birthday: '1990-05-01',
      sex: 1,
    });
    expect(a).toHaveProperty('orgCodeTxt');
  });

  it('filters by sex and by birthday (a day or a range)', async () => {
    expect((await picked(plain, { sex: '2' })).map((r) => r.username)).toEqual(['pk_b']);
    expect((await picked(plain, { sex: '1' })).map((r) => r.username)).toEqual(['pk_a']);
    expect((await picked(plain, { birthday: '1990-05-01' })).map((r) => r.username)).toEqual([
      'pk_a',
    ]);
    const range = await picked(plain, {
      birthday_begin: '1995-01-01',
      birthday_end: '1995-12-31',
    });
    expect(range.map((r) => r.username)).toEqual(['pk_b']);
    await expectBadRequest(t.app, 'GET', `${U}/queryUserComponentData`, {
      token: plain,
      query: { sex: 'x' },
    });
  });
});
