import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { idList } from '../permission/grants';

/**
 * Names in an imported sheet → ids (read once per import, not per row), and role codes for
 * the export (one statement per page).
 */

export const msgUnknownDepart = (name: string) => `部门不存在：${name}`;
export const msgAmbiguousDepart = (name: string) => `部门名称“${name}”不唯一，请填写部门编码`;
export const msgUnknownRoleCode = (code: string) => `角色编码不存在：${code}`;

/** A comma list of names or codes → comma ids; undefined stays undefined. */
type Lookup = (text: string | undefined) => string | undefined;

/** 部门: org codes first (unique), else department names when only one department has it. */
export async function departLookup(db: Db): Promise<Lookup> {
  const departs = await db
    .selectFrom('sys_depart')
    .select(['id', 'orgCode', 'departName'])
    .where('delFlag', '=', '0')
    .execute();
  const byCode = new Map(departs.map((d) => [d.orgCode, d.id]));
  const byName = new Map<string, string[]>();
  for (const d of departs) byName.set(d.departName, [...(byName.get(d.departName) ?? []), d.id]);
  return (text) => {
    if (text === undefined) return undefined;
    return idList(text)
      .map((item) => {
        const id = byCode.get(item);
        if (id) return id;
        const named = byName.get(item) ?? [];
        if (named.length > 1) throw failure(msgAmbiguousDepart(item));
        if (named.length === 0) throw failure(msgUnknownDepart(item));
        return named[0]!;
      })
      .join(',');
  };
}

/** 角色: role codes. */
export async function roleLookup(db: Db): Promise<Lookup> {
  const roles = await db.selectFrom('sys_role').select(['id', 'roleCode']).execute();
  const byCode = new Map(roles.map((r) => [r.roleCode, r.id]));
  return (text) => {
    if (text === undefined) return undefined;
    return idList(text)
      .map((code) => {
        const id = byCode.get(code);
        if (!id) throw failure(msgUnknownRoleCode(code));
        return id;
      })
      .join(',');
  };
}

/** Role codes of each user, comma-joined. */
export async function roleCodesOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ userId: string; codes: string }>`
    select ur.user_id as "userId", string_agg(r.role_code, ',' order by r.role_code) as codes
    from sys_user_role ur join sys_role r on r.id = ur.role_id
    where ur.user_id in (${sql.join([...userIds])})
    group by ur.user_id`.execute(db.withoutPlugins());
  return new Map(rows.map((r) => [r.userId, r.codes]));
}
