import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { MAX_BATCH_IDS, MSG_BAD_IDS } from '../../http/request-schemas';
import { idList } from '../permission/grants';

/**
 * What a user row points at: roles, departments (membership and supervision), positions and
 * the main department. Every id must name something that exists; a refusal says which kind
 * is wrong. Run inside the transaction that writes the user.
 */

export const MSG_UNKNOWN_ROLE = '所选的角色不存在';
export const MSG_UNKNOWN_DEPART = '所选的部门不存在或已删除';
export const MSG_UNKNOWN_SUPERVISED = '负责的部门不存在或已删除';
export const MSG_ORG_CODE_OUTSIDE = '所属部门必须是用户所在的部门之一';
export const MSG_TOO_MANY = `一次最多选择${MAX_BATCH_IDS}项`;
export const MSG_POST_TOO_LONG = '职务过多（最多100个字符）';
export const msgUnknownPost = (code: string) => `职务不存在：${code}`;

/** A department a user belongs to. */
export interface DepartRef {
  readonly id: string;
  readonly orgCode: string;
}

/** The distinct ids of a comma list, at most MAX_BATCH_IDS. */
export function boundedIds(raw: string | null | undefined): string[] {
  const ids = idList(raw);
  if (ids.length > MAX_BATCH_IDS) throw failure(MSG_TOO_MANY);
  if (ids.some((id) => id.length > 36)) throw failure(MSG_BAD_IDS);
  return ids;
}

export async function checkRoles(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw failure(MSG_UNKNOWN_ROLE);
}

/** The live departments of the ids, in the order given; refuses an unknown one. */
export async function departsOf(
  db: Db,
  ids: readonly string[],
  message = MSG_UNKNOWN_DEPART,
): Promise<DepartRef[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('sys_depart')
    .select(['id', 'orgCode'])
    .where('id', 'in', ids)
    .where('delFlag', '=', '0')
    .execute();
  const byId = new Map(found.map((d) => [d.id, d]));
  return ids.map((id) => {
    const depart = byId.get(id);
    if (!depart) throw failure(message);
    return depart;
  });
}

/** `post` as stored: known position codes, comma-joined; null when empty. */
export async function checkedPost(db: Db, codes: readonly string[]): Promise<string | null> {
  if (codes.length === 0) return null;
  const joined = codes.join(',');
  if (joined.length > 100) throw failure(MSG_POST_TOO_LONG);
  const found = new Set(
    (await db.selectFrom('sys_position').select('code').where('code', 'in', codes).execute()).map(
      (p) => p.code,
    ),
  );
  const unknown = codes.find((code) => !found.has(code));
  if (unknown !== undefined) throw failure(msgUnknownPost(unknown));
  return joined;
}

/**
 * The main department: the one asked for (it must be one of the user's departments), else the
 * current one while the user still belongs to it, else the first department.
 */
export function resolveOrgCode(
  requested: string | null | undefined,
  departs: readonly DepartRef[],
  current: string | null,
): string | null {
  if (requested) {
    if (!departs.some((d) => d.orgCode === requested)) throw failure(MSG_ORG_CODE_OUTSIDE);
    return requested;
  }
  if (current && departs.some((d) => d.orgCode === current)) return current;
  return departs[0]?.orgCode ?? null;
}
