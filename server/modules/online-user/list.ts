import { sql } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';

/**
 * 在线用户 (`GET /sys/online/list`): one row per live session — the user, their departments,
 * the client address, when they signed in and when the session was last used. A session is
 * named by its opaque `id`; the token and its hash never leave the server (the reference lists
 * tokens). Within the caller's data rules on 在线用户 (rules may name username, orgCode, ip).
 * 部门 is read, not filtered (a subquery): the page keeps it out of the advanced query.
 */

export const ONLINE_USER_ENTITY = defineListEntity({
  fields: {
    id: { column: 's.id', type: 'string', sortable: false },
    username: { column: 'u.username', type: 'string' },
    realname: { column: 'u.realname', type: 'string' },
    orgCode: { column: 'u.org_code', type: 'string' },
    ip: { column: 's.ip', type: 'string' },
    userAgent: { column: 's.user_agent', type: 'string', sortable: false },
    loginTime: { column: 's.created_at', type: 'datetime' },
    lastSeenTime: { column: 's.last_seen_at', type: 'datetime' },
  },
  defaultSort: [{ field: 'loginTime', order: 'desc' }],
});

export const ONLINE_USER_SCOPE: ScopedEntity = {
  table: 'sys_session',
  menuCode: 'online:user:list',
  fields: ONLINE_USER_ENTITY,
  from: sql`sys_session s join sys_user u on u.id = s.user_id`,
  key: sql.ref('s.id'),
};

export interface OnlineUserRow {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly realname: string;
  readonly orgCode: string | null;
  /** The user's departments, by name, joined with commas. */
  readonly departNames: string | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly loginTime: string | null;
  /** The last call (at most a minute old), else the sign-in. */
  readonly lastSeenTime: string | null;
  /** The caller's own session (强制退出 is not offered on it). */
  readonly current: boolean;
}

type RawRow = Omit<OnlineUserRow, 'loginTime' | 'lastSeenTime'> & {
  loginTime: Date;
  lastSeenTime: Date | null;
};

function select(ownTokenHash: string) {
  return sql`s.id, s.user_id as "userId", u.username, u.realname, u.org_code as "orgCode",
    (select string_agg(d.depart_name, ',' order by d.depart_name)
       from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
      where ud.user_id = u.id and d.del_flag = '0') as "departNames",
    s.ip, s.user_agent as "userAgent", s.created_at as "loginTime",
    s.last_seen_at as "lastSeenTime", (s.token_hash = ${ownTokenHash}) as current`;
}

export async function listOnlineUsers(
  db: Db,
  params: ListParams,
  scope: RowScope,
  ownTokenHash: string,
  options: ListQueryOptions & { readonly now: Date },
): Promise<Page<OnlineUserRow>> {
  const query = translateListQuery(params, ONLINE_USER_ENTITY, options);
  const live = sql<boolean>`s.expires_at > ${options.now} and u.status = 1 and u.del_flag = 0`;
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    { select: select(ownTokenHash), from: ONLINE_USER_SCOPE.from, where: scope.and(live) },
    query,
  );
  return {
    ...page,
    records: page.records.map((row) => ({
      ...row,
      loginTime: formatDateTime(row.loginTime, options.timeZone),
      lastSeenTime: formatDateTime(row.lastSeenTime ?? row.loginTime, options.timeZone),
    })),
  };
}
