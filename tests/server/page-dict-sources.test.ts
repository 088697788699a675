import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/contracts/envelope';
import type { DictSources } from '../../src/contracts/page-api';
import { createOnlinePage, createRoleWithCodes, onlineCodes } from '../support/online-tables';
import { PAGE_API, samplePage } from '../support/pages';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * The designer's 字典 picker (GET /system/lowcode/page/dictSources): system dictionaries, the
 * system tables a table dictionary may read with their allowed columns only, and the tables of
 * the pages the caller may list — never a page table the caller could not read through a lookup.
 */

let t: TestApp;
let admin: string;

const sources = (token: string) => call<DictSources>(t.app, 'GET', PAGE_API.dictSources, { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  await createOnlinePage(t.db, t.ctx.bus, samplePage('crm_lead'));
  await createOnlinePage(t.db, t.ctx.bus, samplePage('crm_secret'));
  await createRoleWithCodes(t.db, 'dict_designer', [
    'lowcode:page:list',
    ...onlineCodes('crm_lead', ['list']),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('dictSources', () => {
  it('offers the system dictionaries with their names and the allowed system columns', async () => {
    const { body } = await sources(admin);
    expect(body.success).toBe(true);
    expect(body.result.dicts).toContainEqual({ code: 'sex', name: '性别' });
    const user = body.result.tables.find((s) => s.table === 'sys_user');
    expect(user).toMatchObject({ title: '用户' });
    expect(user?.columns).toContain('realname');
    expect(user?.columns).not.toContain('password');
    expect(user?.columns).not.toContain('salt');
  });

  it('offers the tables of the pages the caller may list, and no other', async () => {
    const designer = await signedInUser(t, 'dict_designer_user', 'Design#2026', ['dict_designer']);
    const { body } = await sources(designer);
    const tables = body.result.tables.map((s) => s.table);
    expect(tables).toContain('crm_lead');
    expect(tables).not.toContain('crm_secret');
    expect(body.result.tables.find((s) => s.table === 'crm_lead')).toEqual({
      table: 'crm_lead',
      title: '测试页面 crm_lead',
      columns: ['id', 'create_by', 'create_time', 'title', 'amount', 'visits'],
    });
  });

  it('needs lowcode:page:list (510 without it)', async () => {
    const clerk = await signedInUser(t, 'dict_clerk', 'Clerk#2026');
    const { body } = await sources(clerk);
    expect(body.code).toBe(ResultCode.NO_PERMISSION);
    expect(body.result).toBeNull();
  });
});
