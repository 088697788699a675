/** Notices, a fake notice server and a fake notice socket for the shell's notice tests. */
import { useLocation } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  MY_NOTICES_PATH,
  NOTICE_READ_PATH,
  NOTICE_TYPES_PATH,
  type Notice,
  type NoticeType,
} from '../../../src/contracts/notice';
import type { SyncSocket } from '../../../src/runtime/table-sync';
import { envelope, type Responder } from '../../runtime/fakes';

export function notice(id: string, title: string, extra: Partial<Notice> = {}): Notice {
  return {
    id,
    title,
    content: `<p>${title}的内容</p>`,
    createTime: '2026-11-20 09:30:00',
    openType: null,
    openPage: null,
    ...extra,
  };
}

export const N1 = notice('n1', '停电通知');
export const N2 = notice('n2', '放假安排');
export const N3 = notice('n3', '系统升级');

export function types(
  announcements: readonly Notice[] = [N1, N2],
  system: readonly Notice[] = [N3],
): NoticeType[] {
  return [
    { key: '1', description: '通知公告', unread: announcements.length, notices: announcements },
    { key: '2', description: '系统消息', unread: system.length, notices: system },
  ];
}

/**
 * Answers the notice calls: the types from `state.types` (a read removes the notice from them,
 * like the server), read, and 我的消息 from `state.mine`.
 */
export function noticeServer(state: { types: NoticeType[]; mine?: Notice[] }): Responder {
  return (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    if (url === NOTICE_TYPES_PATH) return { status: 200, data: envelope(state.types) };
    if (url.startsWith(NOTICE_READ_PATH)) {
      const id = new URLSearchParams(url.split('?')[1]).get('id');
      state.types = state.types.map((type) => {
        const notices = type.notices.filter((n) => n.id !== id);
        return { ...type, notices, unread: type.unread - (type.notices.length - notices.length) };
      });
      return { status: 200, data: envelope(null) };
    }
    if (url === MY_NOTICES_PATH) {
      // The caller's notices: those of 我的消息, else the bell's; `id` narrows to one.
      const all = state.mine ?? state.types.flatMap((type) => type.notices);
      const id = (config.params as { id?: string } | undefined)?.id;
      const records = id === undefined ? all : all.filter((n) => n.id === id);
      return { status: 200, data: envelope({ records, total: records.length }) };
    }
    return { status: 200, data: envelope(null) };
  };
}

export const calls = (requests: readonly InternalAxiosRequestConfig[], prefix: string) =>
  requests.filter((r) => (r.url ?? '').startsWith(prefix));

/** Shows the router's path (navigation checks). */
export function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

/** A WebSocket double installed as the global WebSocket: the test plays the server. */
export class FakeNoticeSocket implements SyncSocket {
  static last: FakeNoticeSocket | null = null;
  onopen: SyncSocket['onopen'] = null;
  onmessage: SyncSocket['onmessage'] = null;
  onerror: SyncSocket['onerror'] = null;
  onclose: SyncSocket['onclose'] = null;
  closed = false;
  readonly sent: unknown[] = [];

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeNoticeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  push(message: unknown) {
    this.onopen?.(new Event('open'));
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}
