import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { allOf } from '../../http/list-conditions';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListField,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { dictFields } from '../dict/dict-text';

/**
 * The user lists of 用户管理 (the list, the recycle bin, a role's users, a department's members)
 * read through the list-query translator. Data rules of the 用户管理 menu name fields of
 * `USER_FIELDS` (`orgCode`, `username` …), so every scope condition is written against the
 * same `sys_user u` source. Every list takes the caller's row scope on users.
 */

/** The source every user query reads (data-rule conditions refer to its alias `u`). */
export const USER_FROM = sql`sys_user u`;

/** The filters the contract names, plus `id` (export selections, stable paging). */
const USER_FIELDS: Readonly<Record<string, ListField>> = {
  id: { column: 'u.id', type: 'string' },
  username: { column: 'u.username', type: 'string' },
  realname: { column: 'u.realname', type: 'string' },
  sex: { column: 'u.sex', type: 'integer' },
  email: { column: 'u.email', type: 'string' },
  phone: { column: 'u.phone', type: 'string' },
  orgCode: { column: 'u.org_code', type: 'string' },
  status: { column: 'u.status', type: 'integer' },
  workNo: { column: 'u.work_no', type: 'string' },
  post: { column: 'u.post', type: 'string' },
  userIdentity: { column: 'u.user_identity', type: 'integer' },
  createTime: { column: 'u.create_time', type: 'datetime' },
  updateTime: { column: 'u.update_time', type: 'datetime' },
};

/**
 * The dictionary-bound fields of every user list (list, recycle bin, a role's users, a
 * department's members): their `_dictText` siblings (jeecg-api.md §1.6).
 */
export const USER_DICT_FIELDS = dictFields({
  sex: 'sex',
  status: 'user_status',
  userIdentity: 'user_identity',
  post: 'sys_position,name,code',
  departIds: 'sys_depart,depart_name,id',
});

/** 用户管理 list and recycle bin (`departId` = members of that department). */
export const USER_LIST_ENTITY = defineListEntity({
  fields: USER_FIELDS,
  extraParams: ['departId'],
});
/** Users as data rules see them: the rules of 用户管理 on the list's fields. */
export const USER_SCOPE: ScopedEntity = {
  table: 'sys_user',
  menuCode: 'user:list',
  fields: USER_LIST_ENTITY,
  from: USER_FROM,
  key: sql.ref('u.id'),
};

/** 角色管理 → 用户 (`roleId`). */
export const ROLE_USER_ENTITY = defineListEntity({ fields: USER_FIELDS, extraParams: ['roleId'] });
/** 部门管理 → 用户 (`depId`). */
export const DEPART_USER_ENTITY = defineListEntity({ fields: USER_FIELDS, extraParams: ['depId'] });

/**
 * Names of every department of the user, the main one (its org code) first; a correlated
 * sub-select, so a page of users is still one statement.
 */
export const ORG_CODE_TXT = sql`(
  select string_agg(d.depart_name, ','
    order by coalesce(d.org_code = u.org_code, false) desc, d.org_code)
  from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
  where ud.user_id = u.id and d.del_flag = '0')`;

/** A user as the list and queryById answer it: never the hash, lock counters or sessions. */
export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly avatar: string | null;
  readonly birthday: string | null;
  /** 1 男, 2 女; null when not given (stored as 0). */
  readonly sex: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly orgCode: string | null;
  readonly orgCodeTxt: string | null;
  readonly status: number;
  readonly workNo: string | null;
  readonly post: string | null;
  readonly telephone: string | null;
  readonly userIdentity: number;
  readonly departIds: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
}

type RawRecord = Omit<UserRecord, 'createTime' | 'updateTime'> & {
  readonly createTime: Date | null;
  readonly updateTime: Date | null;
};

const USER_SELECT = sql`u.id, u.username, u.realname, u.avatar, u.birthday, nullif(u.sex, 0) as sex,
  u.email, u.phone, u.org_code as "orgCode", ${ORG_CODE_TXT} as "orgCodeTxt", u.status,
  u.work_no as "workNo", u.post, u.telephone, u.user_identity as "userIdentity",
  u.depart_ids as "departIds", u.create_by as "createBy", u.create_time as "createTime",
  u.update_time as "updateTime"`;

function withTimes(row: RawRecord, timeZone: string): UserRecord {
  return {
    ...row,
    createTime: formatDateTime(row.createTime, timeZone),
    updateTime: formatDateTime(row.updateTime, timeZone),
  };
}

/** Which users a list reads, besides the request's filters. */
export interface UserSource {
  /** The recycle bin (del_flag 1) instead of the live users. */
  readonly deleted?: boolean;
  /** Members of this department. */
  readonly departId?: string | null;
  /** Holders of this role. */
  readonly roleId?: string | null;
  /** The caller's row scope on users. */
  readonly scope: RowScope;
}

/**
 * The users a source names. Without `scope` (the pickers' lookups, which any signed-in user
 * makes) no data rule applies; every 用户管理 list passes its scope through `listUsers`.
 */
export function sourceCondition(
  source: Omit<UserSource, 'scope'> & { readonly scope?: RowScope },
): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`u.del_flag = ${source.deleted ? 1 : 0}`];
  if (source.departId) {
    conditions.push(sql<SqlBool>`exists (select 1 from sys_user_depart m
      where m.user_id = u.id and m.dep_id = ${source.departId})`);
  }
  if (source.roleId) {
    conditions.push(sql<SqlBool>`exists (select 1 from sys_user_role r
      where r.user_id = u.id and r.role_id = ${source.roleId})`);
  }
  if (source.scope?.restricted) conditions.push(source.scope.where);
  return allOf(conditions);
}

export async function listUsers(
  db: Db,
  params: ListParams,
  entity: typeof USER_LIST_ENTITY,
  source: UserSource,
  options: ListQueryOptions,
): Promise<Page<UserRecord>> {
  const query = translateListQuery(params, entity, options);
  const page = await runListQuery<RawRecord>(
    db.withoutPlugins(),
    { select: USER_SELECT, from: USER_FROM, where: sourceCondition(source) },
    query,
  );
  return { ...page, records: page.records.map((r) => withTimes(r, options.timeZone)) };
}

/** One live user (not deleted) as the list shows it, or null. */
export async function loadUserRecord(
  db: Db,
  id: string,
  timeZone: string,
): Promise<UserRecord | null> {
  const { rows } = await sql<RawRecord>`select ${USER_SELECT} from ${USER_FROM}
    where u.id = ${id} and u.del_flag = 0`.execute(db.withoutPlugins());
  return rows[0] ? withTimes(rows[0], timeZone) : null;
}
