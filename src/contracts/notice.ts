/**
 * Notices and live events (shell.md §2 Header, §3 Notice type, §4 Notice / Live-event client,
 * §7 Notices, §9): the calls, the shapes they answer, and the socket `/system/websocket/{userId}`
 * with its JSON messages, shared by the server and the browser.
 */

/** `GET`: the signed-in user's notice types (answer: `NoticeType[]`). */
export const NOTICE_TYPES_PATH = '/module/default/notice/system/list-notice-type-by-terminal';
/** `POST ?id=`: marks one of the caller's notices read (the announcement id). */
export const NOTICE_READ_PATH = '/module/default/notice/system/notice/read';
/**
 * `GET`: a page of the caller's notices (我的消息), list query parameters plus `readFlag`
 * ('0' / '1'), `msgCategory` (a notice type's key), `titile` and `sendTime_begin` /
 * `sendTime_end` (answer: the paging shape of `MyNotice` rows).
 */
export const MY_NOTICES_PATH = '/sys/sysAnnouncementSend/getMyAnnouncementSend';
/** `PUT`: marks every notice of the caller read (全部已读). */
export const READ_ALL_PATH = '/sys/sysAnnouncementSend/readAll';
/** The route of 我的消息 (shell.md §2). */
export const MY_NOTICES_ROUTE = '/settings/notice/mine';

/** A notice as the bell and the detail modal show it (shell.md §3). */
export interface Notice {
  /** The announcement's id (what `NOTICE_READ_PATH` takes). */
  readonly id: string;
  readonly title: string;
  /** HTML, sanitised by the server. */
  readonly content: string;
  /** `yyyy-MM-dd HH:mm:ss`: when it was released. */
  readonly createTime: string;
  /** 'url': `openPage` is a same-origin path the detail's 查看详情 opens. */
  readonly openType: string | null;
  readonly openPage: string | null;
}

/** One tab of the bell: a category with the caller's unread count and newest unread notices. */
export interface NoticeType {
  /** The announcement category (`msg_category`): '1' 通知公告, '2' 系统消息. */
  readonly key: string;
  readonly description: string;
  readonly unread: number;
  /** The newest unread notices of the type, at most `NOTICE_TYPE_SIZE`. */
  readonly notices: readonly Notice[];
}

/** Notices of one type in the bell's answer. */
export const NOTICE_TYPE_SIZE = 5;

/** A row of 我的消息. */
export interface MyNotice extends Notice {
  /** '1' 通知公告, '2' 系统消息. */
  readonly msgCategory: string;
  /** '0' unread, '1' read. */
  readonly readFlag: string;
  readonly sender: string | null;
  readonly priority: string | null;
}

/** Path of the notice socket under the API prefix; `/{userId}` follows (shell.md §4). */
export const NOTICE_SOCKET_PATH = '/websocket';

/**
 * Socket messages `{cmd, msgId?, msgTxt?}` (jeecg-api.md §4.16). Server → client: `topic` and
 * `user` (a released notice: `msgId` the announcement id, `msgTxt` its title), `refresh-notice`
 * (counts changed: a revoke, a read in another tab), `ping` (the client answers `ping` at once).
 * Client → server: only `ping` replies; anything else is ignored.
 */
export const NoticeCmd = {
  TOPIC: 'topic',
  USER: 'user',
  REFRESH: 'refresh-notice',
  PING: 'ping',
} as const;
export type NoticeCmd = (typeof NoticeCmd)[keyof typeof NoticeCmd];

export interface NoticeMessage {
  readonly cmd: NoticeCmd;
  readonly msgId?: string;
  readonly msgTxt?: string;
}

/** Parses a socket message; null for anything that is not a notice message. */
export function parseNoticeMessage(text: string): NoticeMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { cmd, msgId, msgTxt } = value as Record<string, unknown>;
  if (!Object.values(NoticeCmd).includes(cmd as NoticeCmd)) return null;
  return {
    cmd: cmd as NoticeCmd,
    ...(typeof msgId === 'string' ? { msgId } : {}),
    ...(typeof msgTxt === 'string' ? { msgTxt } : {}),
  };
}

/** Whether a message announces a new notice (a bottom-right notification). */
export function isNewNotice(message: NoticeMessage): boolean {
  return message.cmd === NoticeCmd.TOPIC || message.cmd === NoticeCmd.USER;
}

/** Timings (shell.md §4, §9). */
export const NOTICE_TIMING = {
  /** The client looks for a token this often before it first connects. */
  startPollMs: 1000,
  /** Delay before reconnecting after an error or a close. */
  reconnectDelayMs: 5000,
  /** How often the client checks that the server was heard from. */
  heartbeatCheckMs: 2000,
  /** The server sends `ping` this often. */
  serverPingMs: 20_000,
  /** Silence after which the client closes (and so reconnects): two pings missed. */
  silenceTimeoutMs: 45_000,
  /** Counts are refreshed this long after a pushed notice. */
  refreshDelayMs: 1000,
} as const;

/** The bell popover's width (shell.md §9). */
export const NOTICE_POPOVER_WIDTH = 300;

/** Close code of a socket whose path names another user than its token. */
export const CLOSE_WRONG_USER = 4403;
