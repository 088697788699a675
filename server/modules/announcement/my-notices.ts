import { sql, type SqlBool } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { MyNotice } from '../../../src/contracts/notice';
import type { Db } from '../../db/index';
import { like } from '../../http/list-conditions';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  paramText,
  translateListQuery,
  type ListParams,
} from '../../http/list-query';
import { presentNotice } from './inbox';
import { materialiseForUser } from './store';

/**
 * 我的消息 (`MY_NOTICES_PATH`): a page of the caller's own released notices (revoked and
 * deleted ones left out), with the list query conventions. Only ever the caller's rows: the
 * user is a condition of the route's own, and-ed with whatever the request filters by.
 */

export const MY_NOTICE_ENTITY = defineListEntity({
  fields: {
    // `id`: one notice (the bell finds a pushed notice by its id).
    id: { column: 'a.id', type: 'string' },
    titile: { column: 'a.titile', type: 'string', filterable: false },
    readFlag: { column: 's.read_flag', type: 'string' },
    msgCategory: { column: 'a.msg_category', type: 'string' },
    priority: { column: 'a.priority', type: 'string' },
    sendTime: { column: 'a.send_time', type: 'datetime' },
    // The list screens sort by createTime by default: a notice's time is its send time.
    createTime: { column: 'a.send_time', type: 'datetime', filterable: false },
  },
  defaultSort: [{ field: 'sendTime', order: 'desc' }],
  // `titile` is a contains-match (below), not the translator's exact one.
  extraParams: ['titile'],
});

const TITLE = { name: 'titile', ref: sql.ref('a.titile'), type: 'string' } as const;

const SELECT = sql`a.id, a.titile, a.msg_content as "msgContent", a.send_time as "sendTime",
  a.open_type as "openType", a.open_page as "openPage", a.msg_category as "msgCategory",
  s.read_flag as "readFlag", a.sender, a.priority`;

interface RawRow {
  readonly id: string;
  readonly titile: string;
  readonly msgContent: string | null;
  readonly sendTime: Date | null;
  readonly openType: string | null;
  readonly openPage: string | null;
  readonly msgCategory: string;
  readonly readFlag: string;
  readonly sender: string | null;
  readonly priority: string | null;
}

export async function myNotices(
  db: Db,
  userId: string,
  params: ListParams,
  timeZone: string,
): Promise<Page<MyNotice>> {
  const query = translateListQuery(params, MY_NOTICE_ENTITY, { timeZone });
  await materialiseForUser(db, userId);
  const title = paramText(params, 'titile')?.trim();
  const own = sql<SqlBool>`s.user_id = ${userId} and a.send_status = '1' and a.del_flag = '0'`;
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    {
      select: SELECT,
      from: sql`sys_announcement_send s join sys_announcement a on a.id = s.annt_id`,
      where: title ? sql<SqlBool>`${own} and ${like(TITLE, 'like', title)}` : own,
    },
    query,
  );
  return {
    ...page,
    records: page.records.map((row) => ({
      ...presentNotice(row, timeZone),
      msgCategory: row.msgCategory,
      readFlag: row.readFlag,
      sender: row.sender,
      priority: row.priority,
    })),
  };
}
