import {
  NOTICE_SOCKET_PATH,
  NOTICE_TIMING,
  NoticeCmd,
  parseNoticeMessage,
  type NoticeMessage,
} from '../contracts/notice';
import type { SyncSocket, SyncSocketConstructor, SyncTimers, TimerHandle } from './table-sync';

/** Shown when the socket reports an error without a message of its own. */
export const MSG_NOTICE_SOCKET_ERROR = 'WebSocket连接发生错误';

const PING = JSON.stringify({ cmd: NoticeCmd.PING });

/** The notice socket of one signed-in tab (shell.md §4 Live-event client). */
export interface NoticeSocket {
  /** Stops for good (logout): the socket closes and nothing reconnects. */
  stop(): void;
}

/** What the client needs of the session: the token authenticates, the user names the path. */
export interface NoticeSocketSession {
  getToken(): string | null;
  getUser(): { readonly id: string } | null;
}

export interface NoticeSocketOptions {
  /** Origin + /system (http or https; the socket uses ws or wss). */
  readonly baseURL: string;
  readonly session: NoticeSocketSession;
  /** Every notice message but `ping` (a released notice, `refresh-notice`). */
  readonly onMessage: (message: NoticeMessage) => void;
  /** The error toast of shell.md §8 (live-event client errors). */
  readonly onError: (message: string) => void;
  readonly WebSocket: SyncSocketConstructor;
  readonly timers?: SyncTimers;
  /** Clock of the heartbeat check (fake in tests). */
  readonly now?: () => number;
}

/** `ws(s)://host/system/websocket/{userId}`. */
export function noticeSocketUrl(baseURL: string, userId: string): string {
  const base = baseURL.replace(/^http/i, 'ws').replace(/\/+$/, '');
  return `${base}${NOTICE_SOCKET_PATH}/${encodeURIComponent(userId)}`;
}

const browserTimers: SyncTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function errorText(event: unknown): string {
  const message = (event as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : MSG_NOTICE_SOCKET_ERROR;
}

/**
 * The live-event client (shell.md §4, §9): looks for a token and a user every 1000 ms, then
 * connects to `/system/websocket/{userId}` with the token as the socket's protocol. A server
 * `ping` is answered with `ping` at once; every 2000 ms a check closes the socket when the
 * server has been silent longer than `silenceTimeoutMs` (two pings missed). An error or a
 * close reconnects after 5000 ms (at most one reconnect pending; the old socket is detached
 * first). An error is toasted once per outage: a server that stays down for an hour must not
 * toast every 5 s.
 */
export function createNoticeSocket(options: NoticeSocketOptions): NoticeSocket {
  const timers = options.timers ?? browserTimers;
  const now = options.now ?? Date.now;
  let socket: SyncSocket | null = null;
  let pending: TimerHandle | null = null;
  let heartbeat: TimerHandle | null = null;
  let lastHeard = 0;
  let errorShown = false;
  let stopped = false;

  function later(callback: () => void, ms: number) {
    if (pending !== null) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = null;
      callback();
    }, ms);
  }

  function dropSocket() {
    if (heartbeat !== null) timers.clearTimeout(heartbeat);
    heartbeat = null;
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onerror = old.onclose = null;
    try {
      old.close();
    } catch {
      // A socket that never opened may refuse to close; it is gone either way.
    }
  }

  function reconnect() {
    if (stopped) return;
    dropSocket();
    later(connect, NOTICE_TIMING.reconnectDelayMs);
  }

  function fail(message: string) {
    if (!errorShown) {
      errorShown = true;
      options.onError(message);
    }
    reconnect();
  }

  function checkHeartbeat() {
    heartbeat = null;
    if (!socket) return;
    if (now() - lastHeard > NOTICE_TIMING.silenceTimeoutMs) {
      reconnect();
      return;
    }
    heartbeat = timers.setTimeout(checkHeartbeat, NOTICE_TIMING.heartbeatCheckMs);
  }

  function receive(data: unknown) {
    lastHeard = now();
    if (typeof data !== 'string') return;
    const message = parseNoticeMessage(data);
    if (!message) return;
    if (message.cmd === NoticeCmd.PING) {
      try {
        socket?.send(PING);
      } catch {
        // A failed reply shows as silence: the heartbeat check reconnects.
      }
      return;
    }
    options.onMessage(message);
  }

  function connect() {
    if (stopped) return;
    const token = options.session.getToken();
    const user = options.session.getUser();
    if (!token || !user) {
      later(connect, NOTICE_TIMING.startPollMs);
      return;
    }
    let next: SyncSocket;
    try {
      next = new options.WebSocket(noticeSocketUrl(options.baseURL, user.id), [token]);
    } catch (error) {
      fail(errorText(error));
      return;
    }
    socket = next;
    lastHeard = now();
    next.onopen = () => {
      errorShown = false;
      lastHeard = now();
    };
    next.onmessage = (event) => receive(event.data);
    next.onerror = (event) => fail(errorText(event));
    next.onclose = () => reconnect();
    heartbeat = timers.setTimeout(checkHeartbeat, NOTICE_TIMING.heartbeatCheckMs);
  }

  connect();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      if (pending !== null) timers.clearTimeout(pending);
      pending = null;
      dropSocket();
    },
  };
}
