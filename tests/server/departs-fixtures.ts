/** Helpers the departs-*.test.ts files share. */
import { expect } from 'vitest';
import type { Db } from '../../server/db/index';
import { newId } from '../../server/ids';
import type { CallResult } from '../support/test-app';

export const DEPART = '/system/sys/sysDepart';
export const DEPART_PERMISSION = '/system/sys/sysDepartPermission';
export const DEPART_ROLE = '/system/sys/sysDepartRole';
export const PERMISSION = '/system/sys/permission';

/** No stack trace and no SQL text anywhere in an answer. */
export function expectClean(res: CallResult<unknown>): void {
  expect(res.text).not.toMatch(/\n\s+at /);
  expect(res.text).not.toMatch(/select |syntax error|relation /i);
  expect(typeof res.body.success).toBe('boolean');
  expect(typeof res.body.message).toBe('string');
}

/** HTTP 200, code 510: signed in without the code. */
export function expectDenied(res: CallResult<unknown>): void {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: false, code: 510 });
}

/** HTTP 200, code 500 with this message. */
export function expectRefused(res: CallResult<unknown>, message: string): void {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: false, code: 500, message });
}

/** HTTP 400, code 400 (the request's shape). */
export function expectBadRequest(res: CallResult<unknown>): void {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 400 });
  expectClean(res);
}

export function expectOk<T>(res: CallResult<T>): T {
  expect(res.status, res.text).toBe(200);
  expect(res.body, res.text).toMatchObject({ success: true, code: 200 });
  return res.body.result;
}

export async function departIdOf(db: Db, orgCode: string): Promise<string> {
  const row = await db
    .selectFrom('sys_depart')
    .select('id')
    .where('orgCode', '=', orgCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function departCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sys_depart')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes a user a member of a department (sys_user_depart; the user screens are elsewhere). */
export async function addMember(db: Db, userId: string, departId: string): Promise<void> {
  await db.insertInto('sys_user_depart').values({ id: newId(), userId, depId: departId }).execute();
}

export async function userIdOf(db: Db, username: string): Promise<string> {
  const row = await db
    .selectFrom('sys_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Injection attempts in the name-like parameters of a list call. */
export const LIST_INJECTIONS: readonly Readonly<Record<string, string>>[] = [
  { column: 'departName;drop table sys_depart', order: 'asc' },
  { column: 'departName', order: 'asc;drop table sys_depart' },
  { '1=1--': 'x' },
  { superQueryParams: JSON.stringify([{ field: 'id;drop', rule: 'eq', val: '1' }]) },
  { superQueryParams: 'not json' },
];
