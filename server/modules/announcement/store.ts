import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { ID_SCHEMA, type RecordId } from '../../http/request-schemas';
import { NullableText } from '../../http/schema-types';
import type { InScope } from '../../http/row-scope';
import { wallTimeToEpoch } from '../../http/time';
import { newId } from '../../ids';
import type { NoticeAudience } from '../../realtime/notice-hub';
import { staticPathsInHtml } from '../files/html-refs';
import { attachFiles } from '../files/records';
import { plainText, sanitizeContent } from './sanitize';

/**
 * Writes of 系统通告: content cleaned before it is stored (its uploaded images attached),
 * targets checked, release and revoke (send_status 0 → 1 → 2), and each user's inbox rows
 * (`sys_announcement_send`).
 */

export const MSG_NOT_FOUND = '未找到对应数据';
export const MSG_RELEASED = '该系统通知发布成功';
export const MSG_REVOKED = '该系统通知撤销成功';
export const MSG_NO_USERS = '请选择通告对象';
export const MSG_UNKNOWN_USERS = '通告对象中有不存在的用户';
export const MSG_BAD_TIME = '时间格式不正确，应为 yyyy-MM-dd HH:mm:ss';
export const MSG_END_BEFORE_START = '结束时间不能早于开始时间';
export const MSG_EMPTY_TITLE = '标题不能为空';

// Enums keep `type: 'string'`: a number is coerced to its text and checked, as it always was.
const properties = {
  titile: Type.String({ minLength: 1, maxLength: 100 }),
  msgContent: NullableText(1_000_000),
  msgAbstract: NullableText(500),
  /** `yyyy-MM-dd HH:mm:ss` in the server's time zone (checked by parseTime). */
  startTime: NullableText(30),
  endTime: NullableText(30),
  priority: Type.Optional(Type.Enum(['L', 'M', 'H'], { type: 'string' })),
  msgCategory: Type.Optional(Type.Enum(['1', '2'], { type: 'string' })),
  msgType: Type.Optional(Type.Enum(['ALL', 'USER'], { type: 'string' })),
  /** Comma list of user ids (msgType USER). */
  userIds: NullableText(33_000),
  busType: NullableText(20),
  busId: NullableText(50),
  openType: NullableText(20),
  openPage: NullableText(255),
};

export const ANNOUNCEMENT_ADD_BODY = Type.Object(properties);
export const ANNOUNCEMENT_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...properties });

/** A notice as add / edit take it (from the add body's schema). */
export type AnnouncementInput = Static<typeof ANNOUNCEMENT_ADD_BODY>;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function parseTime(raw: string | null | undefined, timeZone: string): Date | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const m = DATE_TIME.exec(raw.trim());
  if (!m) throw failure(MSG_BAD_TIME);
  const f = m.slice(1).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 59) {
    throw failure(MSG_BAD_TIME);
  }
  return new Date(wallTimeToEpoch(f, timeZone));
}

function splitIds(raw: string | null | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}

async function checkedTargets(db: Db, input: AnnouncementInput): Promise<string | null> {
  if ((input.msgType ?? 'ALL') !== 'USER') return null;
  const ids = splitIds(input.userIds);
  if (ids.length === 0) throw failure(MSG_NO_USERS);
  if (ids.some((id) => id.length > 32)) throw failure(MSG_UNKNOWN_USERS);
  const found = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .execute();
  if (found.length !== ids.length) throw failure(MSG_UNKNOWN_USERS);
  // The reference system stores the list comma-terminated.
  return `${ids.join(',')},`;
}

async function columnsOf(db: Db, input: AnnouncementInput, timeZone: string) {
  const titile = plainText(input.titile);
  if (!titile) throw failure(MSG_EMPTY_TITLE);
  const startTime = parseTime(input.startTime, timeZone);
  const endTime = parseTime(input.endTime, timeZone);
  if (startTime && endTime && endTime < startTime) throw failure(MSG_END_BEFORE_START);
  return {
    titile,
    msgContent: sanitizeContent(input.msgContent),
    msgAbstract: input.msgAbstract ? plainText(input.msgAbstract) : null,
    startTime,
    endTime,
    priority: input.priority ?? 'L',
    msgCategory: input.msgCategory ?? '1',
    msgType: input.msgType ?? 'ALL',
    userIds: await checkedTargets(db, input),
    busType: input.busType ?? null,
    busId: input.busId ?? null,
    openType: input.openType ?? null,
    openPage: input.openPage ?? null,
  };
}

/**
 * Keeps the uploaded images (and linked files) of saved content from the upload clean-up.
 * Without a page (`ref_page` null): every recipient reads them.
 */
async function attachContentFiles(db: Db, content: string | null): Promise<void> {
  await attachFiles(db, staticPathsInHtml(content), null);
}

export async function addAnnouncement(
  db: Db,
  input: AnnouncementInput,
  username: string,
  timeZone: string,
): Promise<string> {
  const id = newId();
  const columns = await columnsOf(db, input, timeZone);
  await db
    .insertInto('sys_announcement')
    .values({ id, ...columns, sendStatus: '0', createBy: username })
    .execute();
  await attachContentFiles(db, columns.msgContent);
  return id;
}

export async function editAnnouncement(
  db: Db,
  id: InScope<RecordId>,
  input: AnnouncementInput,
  username: string,
  timeZone: string,
): Promise<void> {
  const columns = await columnsOf(db, input, timeZone);
  const result = await db
    .updateTable('sys_announcement')
    .set({ ...columns, updateBy: username, updateTime: new Date() })
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
  await attachContentFiles(db, columns.msgContent);
}

/** Logical delete (the reference system's del_flag); returns how many. */
export async function deleteAnnouncements(
  db: Db,
  ids: readonly InScope<RecordId>[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('sys_announcement')
    .set({ delFlag: '1', updateTime: new Date() })
    .where('id', 'in', ids)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whose sockets hear of an announcement: its chosen users, or (null) everyone. */
function audienceOf(row: { msgType: string; userIds: string | null }): NoticeAudience {
  return row.msgType === 'USER' ? splitIds(row.userIds) : null;
}

/**
 * Releases: send_status 1, send time, sender; chosen users get their inbox rows now. Answers
 * the title and the audience, for the push.
 */
export async function releaseAnnouncement(
  db: Db,
  id: InScope<RecordId>,
  username: string,
): Promise<{ readonly title: string; readonly audience: NoticeAudience }> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('sys_announcement')
      .set({ sendStatus: '1', sendTime: new Date(), sender: username, cancelTime: null })
      .where('id', '=', id)
      .where('delFlag', '=', '0')
      .returning(['msgType', 'userIds', 'titile'])
      .executeTakeFirst();
    if (!row) throw failure(MSG_NOT_FOUND);
    const audience = audienceOf(row);
    if (audience !== null && audience.length > 0) {
      await tx
        .insertInto('sys_announcement_send')
        .values(audience.map((userId) => ({ id: newId(), anntId: id, userId })))
        .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
        .execute();
    }
    return { title: row.titile, audience };
  });
}

/** Revokes (send_status 2); answers the audience, whose counts changed. */
export async function revokeAnnouncement(db: Db, id: InScope<RecordId>): Promise<NoticeAudience> {
  const row = await db
    .updateTable('sys_announcement')
    .set({ sendStatus: '2', cancelTime: new Date() })
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .returning(['msgType', 'userIds'])
    .executeTakeFirst();
  if (!row) throw failure(MSG_NOT_FOUND);
  return audienceOf(row);
}

/**
 * Gives the user an inbox row for every released all-user announcement they have not got
 * yet and that had not ended before they joined (jeecg-api.md §4.7 `listByUser`).
 */
export async function materialiseForUser(db: Db, userId: string): Promise<void> {
  await sql`
    insert into sys_announcement_send (id, annt_id, user_id)
    select md5(random()::text || a.id), a.id, ${userId}
    from sys_announcement a
    join sys_user u on u.id = ${userId}
    where a.send_status = '1' and a.del_flag = '0' and a.msg_type = 'ALL'
      and (a.end_time is null or a.end_time >= u.create_time)
      and not exists (select 1 from sys_announcement_send s
                      where s.annt_id = a.id and s.user_id = ${userId})
    on conflict (annt_id, user_id) do nothing`.execute(db.withoutPlugins());
}

/**
 * Marks the user's inbox row of a released announcement read; false when they have none (not
 * theirs, unknown, revoked, deleted). Only ever the user's own row.
 */
export async function markRead(db: Db, anntId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('sys_announcement_send')
    .set({ readFlag: '1', readTime: new Date() })
    .where('anntId', '=', anntId)
    .where('userId', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_announcement as a')
          .select('a.id')
          .where('a.id', '=', anntId)
          .where('a.sendStatus', '=', '1')
          .where('a.delFlag', '=', '0'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every unread inbox row of the user's released announcements read; answers how many. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('sys_announcement_send')
    .set({ readFlag: '1', readTime: new Date() })
    .where('userId', '=', userId)
    .where('readFlag', '=', '0')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_announcement as a')
          .select('a.id')
          .whereRef('a.id', '=', 'sys_announcement_send.anntId')
          .where('a.sendStatus', '=', '1')
          .where('a.delFlag', '=', '0'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
