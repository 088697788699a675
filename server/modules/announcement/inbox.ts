import { sql } from 'kysely';
import { NOTICE_TYPE_SIZE, type Notice, type NoticeType } from '../../../src/contracts/notice';
import type { Db } from '../../db/index';
import { formatDateTime } from '../../http/time';
import { sanitizeContent } from './sanitize';
import { materialiseForUser } from './store';

/**
 * The caller's unread released notices per category: the header bell's calls, the old
 * `listByUser` and the notice types (`NOTICE_TYPES_PATH`), on one query.
 */

/** Items of each category in one answer (the reference system shows 5). */
export const INBOX_SIZE = NOTICE_TYPE_SIZE;

/** The categories (`msg_category`) and their names (the `msg_category` dictionary's). */
export const NOTICE_CATEGORIES = [
  { key: '1', description: '通知公告' },
  { key: '2', description: '系统消息' },
] as const;

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

interface Unread {
  readonly list: readonly RawItem[];
  readonly total: number;
}

/** The newest unread notices of a category (at most INBOX_SIZE) and how many are unread. */
async function unreadOf(db: Db, userId: string, msgCategory: string): Promise<Unread> {
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
  return { list: items.rows, total: count.rows[0]?.total ?? 0 };
}

/** Every category's unread notices, after the user got their rows of all-user notices. */
async function unreadByCategory(db: Db, userId: string): Promise<Unread[]> {
  await materialiseForUser(db, userId);
  const result: Unread[] = [];
  // One after the other: PGlite has one connection, PostgreSQL a small pool per request.
  for (const { key } of NOTICE_CATEGORIES) result.push(await unreadOf(db, userId, key));
  return result;
}

/** `listByUser`: the reference system's shape. */
export async function inboxOf(db: Db, userId: string, timeZone: string): Promise<Inbox> {
  const [annt, sys] = await unreadByCategory(db, userId);
  const present = (u: Unread | undefined): readonly InboxItem[] =>
    (u?.list ?? []).map((r) => ({
      ...r,
      msgContent: sanitizeContent(r.msgContent),
      sendTime: formatDateTime(r.sendTime, timeZone),
    }));
  return {
    anntMsgList: present(annt),
    anntMsgTotal: annt?.total ?? 0,
    sysMsgList: present(sys),
    sysMsgTotal: sys?.total ?? 0,
  };
}

/** A notice as the bell and the detail show it: content cleaned, send time in the zone. */
export function presentNotice(
  row: {
    readonly id: string;
    readonly titile: string;
    readonly msgContent: string | null;
    readonly sendTime: Date | null;
    readonly openType: string | null;
    readonly openPage: string | null;
  },
  timeZone: string,
): Notice {
  return {
    id: row.id,
    title: row.titile,
    content: sanitizeContent(row.msgContent) ?? '',
    createTime: formatDateTime(row.sendTime, timeZone) ?? '',
    openType: row.openType,
    openPage: row.openPage,
  };
}

/** The notice types of `NOTICE_TYPES_PATH` (shell.md §3). */
export async function noticeTypesOf(
  db: Db,
  userId: string,
  timeZone: string,
): Promise<NoticeType[]> {
  const unread = await unreadByCategory(db, userId);
  return NOTICE_CATEGORIES.map(({ key, description }, i) => ({
    key,
    description,
    unread: unread[i]?.total ?? 0,
    notices: (unread[i]?.list ?? []).map((r) => presentNotice(r, timeZone)),
  }));
}
