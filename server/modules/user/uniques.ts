import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import { isUniqueViolation, violatedConstraint } from '../../db/unique';
import { failure } from '../../http/errors';

/**
 * Username, work number, mobile and email are unique over every user, the recycle bin included
 * (a restored user must not collide). A check before the write gives the clear message; the
 * table's constraints (uniq_sys_user_*) catch two saves racing past it, mapped to the same
 * messages.
 */

export const MSG_USERNAME_TAKEN = '用户账号已存在';
export const MSG_WORK_NO_TAKEN = '工号已存在';
export const MSG_PHONE_TAKEN = '手机号已存在';
export const MSG_EMAIL_TAKEN = '邮箱已存在';

const BY_CONSTRAINT: Readonly<Record<string, string>> = {
  uniq_sys_user_username: MSG_USERNAME_TAKEN,
  uniq_sys_user_work_no: MSG_WORK_NO_TAKEN,
  uniq_sys_user_phone: MSG_PHONE_TAKEN,
  uniq_sys_user_email: MSG_EMAIL_TAKEN,
};

export interface UniqueValues {
  readonly username?: string | null;
  readonly workNo?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
}

const CHECKS = [
  ['username', 'username', MSG_USERNAME_TAKEN],
  ['workNo', 'work_no', MSG_WORK_NO_TAKEN],
  ['phone', 'phone', MSG_PHONE_TAKEN],
  ['email', 'email', MSG_EMAIL_TAKEN],
] as const;

/** Refuses when another user (any but `exceptId`) holds one of the values. One statement. */
export async function checkUniques(
  db: Db,
  values: UniqueValues,
  exceptId: string | null,
): Promise<void> {
  const asked = CHECKS.filter(([key]) => values[key]);
  if (asked.length === 0) return;
  const matches = asked.map(
    ([key, column]) => sql<SqlBool>`${sql.ref(column)} = ${values[key] as string}`,
  );
  const { rows } = await sql<Record<string, string | null>>`
    select username, work_no as "workNo", phone, email from sys_user
    where id <> ${exceptId ?? ''} and (${sql.join(matches, sql` or `)})
    limit 4`.execute(db.withoutPlugins());
  for (const [key, , message] of asked) {
    if (rows.some((row) => row[key] === values[key])) throw failure(message);
  }
}

/** Runs a write; a unique violation of sys_user becomes its clear message. */
export async function userUniques<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = BY_CONSTRAINT[violatedConstraint(error) ?? ''];
    throw failure(message ?? '数据已存在，请勿重复提交');
  }
}
