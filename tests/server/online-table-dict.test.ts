import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import { PASSWORD } from '../support/online-fixtures';
import { createOnlinePage, createRoleWithCodes, onlineCodes } from '../support/online-tables';
import { call, createTestApp, createUser, login, type TestApp } from '../support/test-app';

/**
 * A field of an online page naming a table dictionary (`sys_position,name,code`) shows the
 * names in lists (`_dictText`) and exports, like a system dictionary does.
 */

const PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: 'test_staffing',
  title: '岗位编制',
  kind: 'list',
  table: {
    name: 'test_staffing',
    columns: [
      { name: 'team', type: 'string', length: 30 },
      { name: 'post', type: 'string', length: 200 },
    ],
  },
  fields: [
    { name: 'team', label: '小组', type: 'input' },
    { name: 'post', label: '职务', type: 'select-multiple', dictCode: 'sys_position,name,code' },
  ],
};

type Rec = Record<string, unknown>;
const url = (action: string) => `/system/online/cgform/api/${PAGE.code}/${action}`;

let t: TestApp;
let token: string;
let positions: { code: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  await createOnlinePage(t.db, t.ctx.bus, PAGE);
  await createRoleWithCodes(t.db, 'staffing_manager', onlineCodes(PAGE.code));
  await createUser(t.db, {
    username: 'staffing1',
    password: PASSWORD,
    roleCodes: ['staffing_manager'],
  });
  token = await login(t.app, 'staffing1', PASSWORD);
  positions = await t.db
    .selectFrom('sys_position')
    .select(['code', 'name'])
    .orderBy('code')
    .limit(2)
    .execute();
  expect(positions).toHaveLength(2);
  const [a, b] = positions as [(typeof positions)[0], (typeof positions)[0]];
  for (const [team, post] of [
    ['甲组', a.code],
    ['乙组', `${a.code},${b.code}`],
    ['丙组', 'gone_post'],
  ]) {
    const res = await call(t.app, 'POST', url('add'), { token, body: { team, post } });
    expect(res.body.success, res.body.message).toBe(true);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('table dictionaries on online pages', () => {
  it('lists the names of the values (each of several); an unknown value stays as it is', async () => {
    const res = await call<Page<Rec>>(t.app, 'GET', url('list'), {
      token,
      query: { column: 'team', order: 'asc' },
    });
    const [a, b] = positions as [(typeof positions)[0], (typeof positions)[0]];
    const byTeam = new Map(res.body.result.records.map((r) => [r.team, r.post_dictText]));
    expect(byTeam.get('甲组')).toBe(a.name);
    expect(byTeam.get('乙组')).toBe(`${a.name},${b.name}`);
    expect(byTeam.get('丙组')).toBe('gone_post');
  });

  it('exports the names too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('exportXls'),
      headers: { 'x-access-token': token },
      query: { column: 'team', order: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const a = positions[0]!;
    expect(rows.find((r) => r[0] === '甲组')?.[1]).toBe(a.name);
  });
});
