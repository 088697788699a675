import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { formatDateTime } from '../../http/time';
import { sanitizeContent } from './sanitize';
import { materialiseForUser } from './store';

/** The header bell's call (`listByUser`): the caller's unread released notices. */

/** Items of each category in one answer (the reference system shows 5). */
export const INBOX_SIZE = 5;

export interface InboxItem {
  readonly id: string;
  readonly titile: string;
  readonly msgContent: string | null;
  readonly msgAbstract: string | null;
  readonly sender: string | null;
  readonly priority: string;
  readonly msgCategory: string;
  readonly sendTime: string | null;
  readonly openType: string | null;
  readonly openPage: string | null;
  readonly busType: string | null;
  readonly busId: string | null;
}

export interface Inbox {
  readonly anntMsgList: readonly InboxItem[];
  readonly anntMsgTotal: number;
  readonly sysMsgList: readonly InboxItem[];
  readonly sysMsgTotal: number;
}

type RawItem = Omit<InboxItem, 'sendTime'> & { sendTime: Date | null };

async function category(
  db: Db,
  userId: string,
  msgCategory: '1' | '2',
  timeZone: string,
): Promise<{ list: InboxItem[]; total: number }> {
  const raw = db.withoutPlugins();
  const where = sql`s.user_id = ${userId} and s.read_flag = '0' and a.send_status = '1'
    and a.del_flag = '0' and a.msg_category = ${msgCategory}`;
  const [items, count] = await Promise.all([
    sql<RawItem>`select a.id, a.titile, a.msg_content as "msgContent",
        a.msg_abstract as "msgAbstract", a.sender, a.priority, a.msg_category as "msgCategory",
        a.send_time as "sendTime", a.open_type as "openType", a.open_page as "openPage",
        a.bus_type as "busType", a.bus_id as "busId"
      from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
      where ${where}
      order by a.send_time desc, a.id desc limit ${INBOX_SIZE}`.execute(raw),
    sql<{ total: number }>`select count(*)::int as total
      from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
      where ${where}`.execute(raw),
  ]);
  return {
    list: items.rows.map((r) => ({
      ...r,
      msgContent: sanitizeContent(r.msgContent),
      sendTime: formatDateTime(r.sendTime, timeZone),
    })),
    total: count.rows[0]?.total ?? 0,
  };
}

export async function inboxOf(db: Db, userId: string, timeZone: string): Promise<Inbox> {
  await materialiseForUser(db, userId);
  const annt = await category(db, userId, '1', timeZone);
  const sys = await category(db, userId, '2', timeZone);
  return {
    anntMsgList: annt.list,
    anntMsgTotal: annt.total,
    sysMsgList: sys.list,
    sysMsgTotal: sys.total,
  };
}
