import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncRow } from '../../src/contracts/table-sync';
import {
  createTableSync,
  newClientId,
  tableSyncUrl,
  type SyncSocket,
} from '../../src/runtime/table-sync';

const TOKEN = 'token-abc';
const ME = 'client-me';
const ROWS: SyncRow[] = [{ id: 'r1', name: '李四' }];

/** A WebSocket double: records what is sent, lets the test play the server. */
class FakeSocket implements SyncSocket {
  onopen: SyncSocket['onopen'] = null;
  onmessage: SyncSocket['onmessage'] = null;
  onerror: SyncSocket['onerror'] = null;
  onclose: SyncSocket['onclose'] = null;
  readonly sent: unknown[] = [];
  closed = false;
  failSends = false;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    if (this.failSends) throw new Error('not open');
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
  pong() {
    this.receive({ type: 'heart_beat', data: 'pong' });
  }
  error() {
    this.onerror?.(new Event('error'));
  }
  drop() {
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

function setup(options: { token?: () => string | null } = {}) {
  const sockets: FakeSocket[] = [];
  class Socket extends FakeSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  }
  const sync = createTableSync({
    baseURL: 'http://app.test/system',
    session: {
      getToken: options.token ?? (() => TOKEN),
      getUser: () => ({ id: 'u1' }),
    },
    WebSocket: Socket,
    clientId: ME,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { sync, sockets, last };
}

const update = (data: { socketKey?: string; senderId?: string | null; rows?: SyncRow[] }) => ({
  type: 'update_vxe_table',
  data: { socketKey: 'vxe-default', senderId: 'someone-else', rows: ROWS, ...data },
});
const HEARTBEAT = { type: 'heart_beat', data: 'ping' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it('opens one socket per page when a grid subscribes, with the token as protocol', () => {
    const { sync, sockets } = setup();
    expect(sockets).toHaveLength(0);
    const off1 = sync.subscribe('page1', undefined, () => {});
    const off2 = sync.subscribe('page1', 'lines', () => {});
    sync.subscribe('page2', undefined, () => {});
    expect(sockets.map((s) => s.url)).toEqual([
      'ws://app.test/system/vxeSocket/u1/page1',
      'ws://app.test/system/vxeSocket/u1/page2',
    ]);
    expect(sockets[0]!.protocols).toEqual([TOKEN]);
    off1();
    expect(sockets[0]!.closed).toBe(false);
    off2();
    expect(sockets[0]!.closed).toBe(true);
  });

  it('subscribes to nothing for an unsafe page id or socketKey', () => {
    const { sync, sockets } = setup();
    sync.subscribe('../x', undefined, () => {});
    sync.subscribe('page1', 'a b', () => {});
    sync.subscribe('x'.repeat(65), undefined, () => {});
    expect(sockets).toHaveLength(0);
  });

  it('waits for a token, trying again every 5 s', () => {
    let token: string | null = null;
    const { sync, sockets } = setup({ token: () => token });
    sync.subscribe('page1', undefined, () => {});
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(0);
    token = TOKEN;
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(1);
  });

  it('builds ws and wss urls', () => {
    expect(tableSyncUrl('https://a.example/system/', 'u 1', 'p1')).toBe(
      'wss://a.example/system/vxeSocket/u%201/p1',
    );
    expect(newClientId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientId()).not.toBe(newClientId());
  });
});

describe('heartbeat', () => {
  it('sends one on open and the next 10 s after each reply', () => {
    const { sync, last } = setup();
    sync.subscribe('page1', undefined, () => {});
    const socket = last();
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([HEARTBEAT]);
    socket.pong();
    vi.advanceTimersByTime(9999);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toHaveLength(2);
    socket.pong();
    socket.pong(); // a duplicate reply does not add a heartbeat
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toHaveLength(3);
  });

  it('reconnects when no reply arrives within 6 s', () => {
    const { sync, sockets, last } = setup();
    sync.subscribe('page1', undefined, () => {});
    const first = last();
    first.open();
    vi.advanceTimersByTime(5999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(first.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    // The silent socket is detached: its late events change nothing.
    first.pong();
    first.drop();
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
  });

  it('ignores a failing send: the missing reply reconnects', () => {
    const { sync, sockets, last } = setup();
    sync.subscribe('page1', undefined, () => {});
    const socket = last();
    socket.failSends = true;
    expect(() => socket.open()).not.toThrow();
    vi.advanceTimersByTime(6000);
    expect(sockets).toHaveLength(2);
  });
});

describe('reconnecting', () => {
  it('reconnects 5 s after a close', () => {
    const { sync, sockets, last } = setup();
    sync.subscribe('page1', undefined, () => {});
    last().open();
    last().pong();
    last().drop();
    vi.advanceTimersByTime(4999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The old socket's heartbeat timer went with it.
    vi.advanceTimersByTime(20_000);
    expect(sockets[0]!.sent).toHaveLength(1);
  });

  it('schedules one reconnect when error and close both fire, closing the old socket first', () => {
    const { sync, sockets, last } = setup();
    sync.subscribe('page1', undefined, () => {});
    const first = last();
    first.error();
    expect(first.closed).toBe(true);
    first.drop();
    first.error();
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('keeps trying every 5 s while the server refuses', () => {
    const { sync, sockets, last } = setup();
    sync.subscribe('page1', undefined, () => {});
    for (let i = 1; i <= 3; i++) {
      last().error();
      last().drop();
      vi.advanceTimersByTime(5000);
      expect(sockets).toHaveLength(i + 1);
    }
  });

  it('stops for good when the last grid leaves', () => {
    const { sync, sockets, last } = setup();
    const off = sync.subscribe('page1', undefined, () => {});
    const socket = last();
    socket.open();
    socket.drop(); // a reconnect is pending…
    off(); // …and is cancelled
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(socket.closed).toBe(true);
  });

  it('opens a fresh channel when a grid subscribes again after the last one left', () => {
    const { sync, sockets } = setup();
    sync.subscribe('page1', undefined, () => {})();
    sync.subscribe('page1', undefined, () => {});
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets[1]!.closed).toBe(false);
  });
});

describe('updates', () => {
  it('routes rows by socketKey (default vxe-default)', () => {
    const { sync, last } = setup();
    const main = vi.fn();
    const lines = vi.fn();
    sync.subscribe('page1', undefined, main);
    sync.subscribe('page1', 'lines', lines);
    last().open();
    last().receive(update({}));
    last().receive(update({ socketKey: 'lines', rows: [{ id: 'l1' }] }));
    last().receive(update({ socketKey: 'nobody' }));
    expect(main).toHaveBeenCalledExactlyOnceWith(ROWS);
    expect(lines).toHaveBeenCalledExactlyOnceWith([{ id: 'l1' }]);
  });

  it("ignores this client's own updates", () => {
    const { sync, last } = setup();
    const listener = vi.fn();
    sync.subscribe('page1', undefined, listener);
    last().receive(update({ senderId: ME }));
    expect(listener).not.toHaveBeenCalled();
    last().receive(update({ senderId: null }));
    expect(listener).toHaveBeenCalledOnce();
    expect(sync.clientId).toBe(ME);
  });

  it('ignores what does not parse or has the wrong shape', () => {
    const { sync, last } = setup();
    const listener = vi.fn();
    sync.subscribe('page1', undefined, listener);
    const socket = last();
    socket.open();
    for (const junk of [
      'not json',
      '[1,2]',
      'null',
      { type: 'update_vxe_table', data: { socketKey: 'vxe-default', rows: 'x' } },
      { type: 'update_vxe_table', data: { socketKey: 'vxe-default', rows: [1] } },
      { type: 'update_vxe_table', data: { rows: ROWS } },
      { type: 'common_send_date', data: { anything: true } },
      { type: 'unknown' },
    ]) {
      expect(() => socket.receive(junk)).not.toThrow();
    }
    expect(listener).not.toHaveBeenCalled();
    // None of it counts as the heartbeat's reply.
    vi.advanceTimersByTime(6000);
    expect(socket.closed).toBe(true);
  });

  it('a failing listener does not stop the others; its error still surfaces', () => {
    const { sync, last } = setup();
    const good = vi.fn();
    sync.subscribe('page1', undefined, () => {
      throw new Error('grid bug');
    });
    sync.subscribe('page1', undefined, good);
    const surfaced: unknown[] = [];
    const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) => {
      try {
        callback();
      } catch (error) {
        surfaced.push(error);
      }
    });
    try {
      last().receive(update({}));
    } finally {
      spy.mockRestore();
    }
    expect(good).toHaveBeenCalledOnce();
    expect(surfaced).toEqual([expect.objectContaining({ message: 'grid bug' })]);
  });
});
