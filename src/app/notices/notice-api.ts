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

/** Rows of 我的消息 searched for a pushed notice (its title narrows the search). */
const FIND_PAGE_SIZE = 50;

/**
 * A pushed notice by its id: from the bell's answer (a fresh notice is among the newest
 * unread), else from 我的消息 filtered by its title. Null when the caller cannot see it (any
 * more: revoked, or not addressed to them).
 */
export async function findNotice(
  http: Http,
  id: string,
  title: string | undefined,
  types?: readonly NoticeType[],
): Promise<Notice | null> {
  for (const type of types ?? (await loadNoticeTypes(http))) {
    const found = type.notices.find((notice) => notice.id === id);
    if (found) return found;
  }
  const page = resultOf(
    await http.get<Page<MyNotice>>(MY_NOTICES_PATH, {
      pageNo: 1,
      pageSize: FIND_PAGE_SIZE,
      // `titile` is a plain contains-match of the title (no filter grammar).
      ...(title ? { titile: title } : {}),
    }),
  );
  return page?.records.find((notice) => notice.id === id) ?? null;
}
