import { sql, type SqlBool } from 'kysely';
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
import { dictFields } from '../dict/dict-text';
import { sanitizeContent } from './sanitize';

/**
 * 系统通告 list (translator) and the shape every answer gives an announcement; the screen reads
 * within the caller's row scope on 系统通告.
 */

export const ANNOUNCEMENT_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    titile: { column: 'titile', type: 'string' },
    msgAbstract: { column: 'msg_abstract', type: 'string' },
    startTime: { column: 'start_time', type: 'datetime' },
    endTime: { column: 'end_time', type: 'datetime' },
    sender: { column: 'sender', type: 'string' },
    priority: { column: 'priority', type: 'string' },
    msgCategory: { column: 'msg_category', type: 'string' },
    msgType: { column: 'msg_type', type: 'string' },
    sendStatus: { column: 'send_status', type: 'string' },
    sendTime: { column: 'send_time', type: 'datetime' },
    cancelTime: { column: 'cancel_time', type: 'datetime' },
    createBy: { column: 'create_by', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
});

/** The list's dictionary-bound fields (`priority_dictText` …). */
export const ANNOUNCEMENT_DICT_FIELDS = dictFields({
  msgCategory: 'msg_category',
  priority: 'priority',
  msgType: 'msg_type',
  sendStatus: 'send_status',
});
export const ANNOUNCEMENT_SCOPE: ScopedEntity = {
  table: 'sys_announcement',
  menuCode: 'notice:list',
  fields: ANNOUNCEMENT_ENTITY,
  from: sql.table('sys_announcement'),
  key: sql.ref('id'),
};

export interface AnnouncementRow {
  readonly id: string;
  readonly titile: string;
  readonly msgContent: string | null;
  readonly msgAbstract: string | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly sender: string | null;
  readonly priority: string;
  readonly msgCategory: string;
  readonly msgType: string;
  readonly sendStatus: string;
  readonly sendTime: string | null;
  readonly cancelTime: string | null;
  readonly busType: string | null;
  readonly busId: string | null;
  readonly openType: string | null;
  readonly openPage: string | null;
  readonly userIds: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
}

const TIMES = ['startTime', 'endTime', 'sendTime', 'cancelTime', 'createTime'] as const;

type RawRow = Omit<AnnouncementRow, (typeof TIMES)[number]> &
  Record<(typeof TIMES)[number], Date | null>;

export const ANNOUNCEMENT_SELECT = sql`id, titile, msg_content as "msgContent",
  msg_abstract as "msgAbstract", start_time as "startTime", end_time as "endTime", sender,
  priority, msg_category as "msgCategory", msg_type as "msgType", send_status as "sendStatus",
  send_time as "sendTime", cancel_time as "cancelTime", bus_type as "busType",
  bus_id as "busId", open_type as "openType", open_page as "openPage", user_ids as "userIds",
  create_by as "createBy", create_time as "createTime"`;

/** Times as `yyyy-MM-dd HH:mm:ss` in the zone; content cleaned again for display. */
export function presentAnnouncement(row: RawRow, timeZone: string): AnnouncementRow {
  const times = Object.fromEntries(TIMES.map((k) => [k, formatDateTime(row[k], timeZone)]));
  return {
    ...row,
    ...(times as Record<(typeof TIMES)[number], string | null>),
    msgContent: sanitizeContent(row.msgContent),
  };
}

export async function listAnnouncements(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<AnnouncementRow>> {
  const query = translateListQuery(params, ANNOUNCEMENT_ENTITY, options);
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    {
      select: ANNOUNCEMENT_SELECT,
      from: ANNOUNCEMENT_SCOPE.from,
      where: scope.and(sql<SqlBool>`del_flag = '0'`),
    },
    query,
  );
  return {
    ...page,
    records: page.records.map((r) => presentAnnouncement(r, options.timeZone)),
  };
}

/** One announcement; null when there is none, refused when the scope keeps it out. */
export async function announcementById(
  db: Db,
  id: string,
  scope: RowScope,
  timeZone: string,
): Promise<AnnouncementRow | null> {
  const { rows } = await sql<RawRow>`select ${ANNOUNCEMENT_SELECT} from sys_announcement
    where id = ${id} and del_flag = '0'`.execute(db.withoutPlugins());
  if (!rows[0]) return null;
  await scope.checkOne(id);
  return presentAnnouncement(rows[0], timeZone);
}
