import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { rulesCondition, rulesFor, variablesOf } from '../../http/data-scope';
import { USER_LIST_ENTITY } from './list';

/**
 * Phone numbers in the user pickers. The pickers are open to every signed-in user (anyone may
 * choose a colleague), but a colleague's full number is 用户管理's to show: so a picker answers
 * it in full only to holders of that list's code (`user:list`), and only for the users that
 * list would show them (its data rules); everyone else reads it masked, `138****5678`. The
 * masking happens here on the server, so the full number never reaches a caller who may not
 * read it (the browser only shows what it gets). Phones are not a picker filter or sort either,
 * so no one can recover a number by searching its digits.
 */

/** The code of 用户管理's list, whose holders read phones in full. */
export const FULL_PHONE_CODE = 'user:list';

/** `13812345678` → `138****5678`; shorter numbers keep at most their last two digits. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null || phone === '') return phone;
  if (phone.length >= 11) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  if (phone.length >= 6) return `****${phone.slice(-2)}`;
  return '****';
}

/**
 * Which users' phones the caller reads in full, as a condition on `sys_user u`: none without
 * `user:list`, all with it unless 用户管理's data rules narrow it, then the rows they allow.
 */
export function fullPhoneCondition(request: FastifyRequest, timeZone: string): RawBuilder<SqlBool> {
  const principal = request.principal;
  if (!principal?.codes.has(FULL_PHONE_CODE)) return sql<SqlBool>`false`;
  const rules = rulesFor(principal, FULL_PHONE_CODE, FULL_PHONE_CODE);
  const vars = variablesOf(principal, request.tenantId, timeZone);
  const condition = rulesCondition(rules, USER_LIST_ENTITY, vars);
  return condition ? sql<SqlBool>`coalesce(${condition}, false)` : sql<SqlBool>`true`;
}

/** A picker row as selected: the phone in full plus whether the caller may read it so. */
export interface RowWithPhone {
  readonly phone: string | null;
  readonly phoneInFull: boolean;
}

/** The row as answered: the phone masked unless the caller may read it in full. */
export function withPhoneShown<T extends RowWithPhone>(row: T): Omit<T, 'phoneInFull'> {
  const { phoneInFull, ...rest } = row;
  return { ...rest, phone: phoneInFull ? row.phone : maskPhone(row.phone) };
}
