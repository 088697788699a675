/** Helpers of the 用户管理 API tests (users-*.test.ts). */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { LoginResult } from '../../src/contracts/session';
import type { Db } from '../../server/db/index';
import { newId } from '../../server/ids';
import { API, call, type CallResult } from '../support/test-app';

export const U = '/system/sys/user';

export interface Page<T> {
  readonly records: readonly T[];
  readonly total: number;
  readonly size: number;
  readonly current: number;
  readonly pages: number;
}

/** A user as the list and queryById answer it. */
export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly sex: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly orgCode: string | null;
  readonly orgCodeTxt: string | null;
  readonly status: number;
  readonly workNo: string | null;
  readonly post: string | null;
  readonly telephone: string | null;
  readonly birthday: string | null;
  readonly userIdentity: number;
  readonly departIds: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
  readonly selectedroles?: string;
  readonly selecteddeparts?: string;
}

/** The record fields of the contract, nothing more. */
export const USER_RECORD_KEYS = [
  'avatar',
  'birthday',
  'createBy',
  'createTime',
  'departIds',
  'email',
  'id',
  'orgCode',
  'orgCodeTxt',
  'phone',
  'post',
  'realname',
  'sex',
  'status',
  'telephone',
  'updateTime',
  'userIdentity',
  'username',
  'workNo',
].sort();

/** A list record: the record fields and the texts of its dictionary fields (reference §1.6). */
export const USER_LIST_KEYS = [
  ...USER_RECORD_KEYS,
  'sex_dictText',
  'status_dictText',
  'userIdentity_dictText',
  'post_dictText',
  'departIds_dictText',
].sort();

/** Department ids by org code (the demo tree). */
export async function departIds(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sys_depart').select(['id', 'orgCode']).execute();
  return new Map(rows.map((r) => [r.orgCode, r.id]));
}

/** A role granted the seeded menu rows and buttons carrying these codes. */
export async function roleWithCodes(
  db: Db,
  roleCode: string,
  codes: readonly string[],
): Promise<string> {
  const id = newId();
  await db.insertInto('sys_role').values({ id, roleName: roleCode, roleCode }).execute();
  const permissions = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('perms', 'in', codes)
    .execute();
  await db
    .insertInto('sys_role_permission')
    .values(permissions.map((p) => ({ id: newId(), roleId: id, permissionId: p.id })))
    .execute();
  return id;
}

/** Asserts an answer leaks neither a stack trace nor SQL text. */
export function expectClean(res: CallResult<unknown>): void {
  expect(res.text).not.toMatch(/\n\s+at /);
  expect(res.text).not.toMatch(/select |syntax error|relation /i);
  expect(typeof res.body.success).toBe('boolean');
}

/** Calls and asserts a business refusal (HTTP 200, code 500) with this message. */
export async function expectRefused(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  options: Parameters<typeof call>[3],
  message: string,
): Promise<void> {
  const res = await call(app, method, url, options);
  expect(res.status, res.text).toBe(200);
  expect(res.body, res.text).toMatchObject({ success: false, code: 500, message });
}

/** Calls and asserts a schema refusal (HTTP 400, code 400). */
export async function expectBadRequest(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  options: Parameters<typeof call>[3],
): Promise<CallResult<unknown>> {
  const res = await call(app, method, url, options);
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe(400);
  expectClean(res);
  return res;
}

/** The login answer (not thrown on refusal). */
export async function tryLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress: string,
): Promise<ApiEnvelope<LoginResult>> {
  return (
    await call<LoginResult>(app, 'POST', API.login, {
      body: { username, password },
      remoteAddress,
    })
  ).body;
}

/** Button codes the token's holder has (getUserPermissionByToken → auth). */
export async function authCodes(app: FastifyInstance, token: string): Promise<string[]> {
  const res = await call<{ auth: { action: string }[] }>(app, 'GET', API.permissions, { token });
  expect(res.status).toBe(200);
  return res.body.result.auth.map((a) => a.action);
}
