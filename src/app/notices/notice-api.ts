import type { ApiEnvelope, Page } from '../../contracts/envelope';
import {
  MY_NOTICES_PATH,
  NOTICE_READ_PATH,
  NOTICE_TYPES_PATH,
  type MyNotice,
  type Notice,
  type NoticeType,
} from '../../contracts/notice';
import type { Http } from '../../runtime/http';

/** A notice call that failed: the server's message (shell.md §8 notice fetch failure). */
export class NoticeCallError extends Error {
  override readonly name = 'NoticeCallError';
}

function resultOf<T>(envelope: ApiEnvelope<T>): T {
  if (!envelope.success) throw new NoticeCallError(envelope.message);
  return envelope.result;
}

/** The caller's notice types with their unread counts and newest unread notices. */
export async function loadNoticeTypes(http: Http): Promise<readonly NoticeType[]> {
  const types = resultOf(await http.get<NoticeType[] | null>(NOTICE_TYPES_PATH));
  return Array.isArray(types) ? types : [];
}

/** Marks one of the caller's notices read. */
export async function readNotice(http: Http, id: string): Promise<void> {
  // The id travels in the query string (the reference's `?id=`); the body stays empty.
  resultOf(await http.post<unknown>(`${NOTICE_READ_PATH}?id=${encodeURIComponent(id)}`));
}

/**
 * A pushed notice by its id, from 我的消息 (its `id` filter). Null when the caller cannot see it
 * (any more: revoked, or not addressed to them).
 */
export async function findNotice(http: Http, id: string): Promise<Notice | null> {
  const page = resultOf(
    await http.get<Page<MyNotice>>(MY_NOTICES_PATH, { id, pageNo: 1, pageSize: 1 }),
  );
  return page?.records.find((notice) => notice.id === id) ?? null;
}
