import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_TIMING, type NoticeMessage } from '../../src/contracts/notice';
import type { SyncSocket } from '../../src/runtime/table-sync';
import {
  MSG_NOTICE_SOCKET_ERROR,
  createNoticeSocket,
  noticeSocketUrl,
} from '../../src/runtime/notice-socket';

const TOKEN = 'token-abc';

/** A WebSocket double: records what is sent, lets the test play the server. */
class FakeSocket implements SyncSocket {
  onopen: SyncSocket['onopen'] = null;
  onmessage: SyncSocket['onmessage'] = null;
  onerror: SyncSocket['onerror'] = null;
  onclose: SyncSocket['onclose'] = null;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  // The server's side:
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  error() {
    this.onerror?.(new Event('error'));
  }
  drop() {
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

function setup(session: { token?: () => string | null; user?: () => { id: string } | null } = {}) {
  const sockets: FakeSocket[] = [];
  const messages: NoticeMessage[] = [];
  const errors: string[] = [];
  class Socket extends FakeSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  }
  const client = createNoticeSocket({
    baseURL: 'http://app.test/system',
    session: {
      getToken: session.token ?? (() => TOKEN),
      getUser: session.user ?? (() => ({ id: 'u1' })),
    },
    onMessage: (m) => messages.push(m),
    onError: (m) => errors.push(m),
    WebSocket: Socket,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { client, sockets, messages, errors, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it('connects to /system/websocket/{userId} with the token as protocol', () => {
    const { sockets, last } = setup();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://app.test/system/websocket/u1');
    expect(last().protocols).toEqual([TOKEN]);
  });

  it('looks for a token and a user every 1000 ms before it connects', () => {
    let token: string | null = null;
    let user: { id: string } | null = null;
    const { sockets } = setup({ token: () => token, user: () => user });
    token = TOKEN;
    vi.advanceTimersByTime(NOTICE_TIMING.startPollMs);
    expect(sockets).toHaveLength(0);
    user = { id: 'u1' };
    vi.advanceTimersByTime(NOTICE_TIMING.startPollMs - 1);
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(1);
  });

  it('uses wss under https and encodes the user id', () => {
    expect(noticeSocketUrl('https://a.example/system/', 'u 1')).toBe(
      'wss://a.example/system/websocket/u%201',
    );
  });
});

describe('messages', () => {
  it('answers a ping with a ping and passes other notice messages on', () => {
    const { last, messages } = setup();
    last().open();
    last().receive({ cmd: 'ping' });
    expect(last().sent).toEqual([{ cmd: 'ping' }]);
    last().receive({ cmd: 'user', msgId: 'n1', msgTxt: '停电通知' });
    last().receive({ cmd: 'refresh-notice' });
    last().receive('not json');
    last().receive({ cmd: 'other' });
    expect(messages).toEqual([
      { cmd: 'user', msgId: 'n1', msgTxt: '停电通知' },
      { cmd: 'refresh-notice' },
    ]);
  });
});

describe('heartbeat and reconnect', () => {
  it('closes a silent socket after the timeout and reconnects 5 s later', () => {
    const { sockets, last } = setup();
    last().open();
    // Pings keep it open however long it runs.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(NOTICE_TIMING.serverPingMs);
      last().receive({ cmd: 'ping' });
    }
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(NOTICE_TIMING.silenceTimeoutMs + NOTICE_TIMING.heartbeatCheckMs);
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(NOTICE_TIMING.reconnectDelayMs);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects 5 s after a close, once after an error followed by a close', () => {
    const { sockets, last, errors } = setup();
    last().open();
    const first = last();
    first.error();
    first.drop();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(NOTICE_TIMING.reconnectDelayMs - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(errors).toEqual([MSG_NOTICE_SOCKET_ERROR]);
    last().drop();
    vi.advanceTimersByTime(NOTICE_TIMING.reconnectDelayMs);
    expect(sockets).toHaveLength(3);
  });

  it('toasts an error once per outage, again after a successful open', () => {
    const { last, errors } = setup();
    last().error();
    vi.advanceTimersByTime(NOTICE_TIMING.reconnectDelayMs);
    last().error();
    vi.advanceTimersByTime(NOTICE_TIMING.reconnectDelayMs);
    expect(errors).toHaveLength(1);
    last().open();
    last().error();
    expect(errors).toHaveLength(2);
  });

  it('toasts the message of a socket that cannot be made', () => {
    const errors: string[] = [];
    createNoticeSocket({
      baseURL: 'http://app.test/system',
      session: { getToken: () => TOKEN, getUser: () => ({ id: 'u1' }) },
      onMessage: () => {},
      onError: (m) => errors.push(m),
      WebSocket: class {
        constructor() {
          throw new SyntaxError('bad url');
        }
      } as unknown as new (url: string, protocols: string[]) => SyncSocket,
    });
    expect(errors).toEqual(['bad url']);
  });
});

describe('stopping', () => {
  it('closes on stop and never reconnects', () => {
    const { client, sockets, last } = setup();
    last().open();
    const socket = last();
    client.stop();
    expect(socket.closed).toBe(true);
    socket.drop();
    vi.advanceTimersByTime(NOTICE_TIMING.silenceTimeoutMs * 3);
    expect(sockets).toHaveLength(1);
  });

  it('stops polling for a token on stop', () => {
    const { client, sockets } = setup({ token: () => null });
    client.stop();
    vi.advanceTimersByTime(NOTICE_TIMING.startPollMs * 10);
    expect(sockets).toHaveLength(0);
  });
});
