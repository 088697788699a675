import { EventEmitter } from 'node:events';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_TIMING } from '../../src/contracts/notice';
import { CLOSE_SESSION_ENDED, CLOSE_TOO_MANY } from '../../src/contracts/table-sync';
import type { Principal } from '../../server/http/access';
import { createMemoryBus } from '../../server/realtime/bus';
import { NoticeHub } from '../../server/realtime/notice-hub';

/** The part of a ws socket the hub uses. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  terminated = false;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  /** A text frame from the client. */
  say(text: string) {
    this.emit('message', Buffer.from(text), false);
  }
}

function principal(userId: string, tokenHash: string): Principal {
  return {
    tokenHash,
    userId,
    username: userId,
    realname: userId,
    orgCode: null,
    tenantIds: null,
    codes: new Set(),
    orgCodes: [],
    dataRules: new Map(),
    expiresAt: Date.now() + 3_600_000,
    responsePublicKey: null,
  };
}

const silentLog = {
  warn: vi.fn(),
  info: vi.fn(),
  error: vi.fn(),
  debug: vi.fn(),
} as unknown as FastifyBaseLogger;

const PING = { cmd: 'ping' };
let now = 0;
let hub: NoticeHub;
let live: Map<string, Principal>;
const bus = createMemoryBus();

beforeEach(() => {
  vi.useFakeTimers();
  now = 1_000_000;
  live = new Map();
  hub = new NoticeHub({
    bus,
    resolvePrincipal: async (token) => live.get(token) ?? null,
    log: silentLog,
    now: () => now,
    limits: { socketsPerUser: 3 },
  });
});
afterEach(() => {
  hub.close();
  vi.useRealTimers();
});

function attach(token: string, userId: string): FakeSocket {
  const socket = new FakeSocket();
  const owner = principal(userId, `hash-${token}`);
  live.set(token, owner);
  hub.attach(socket as unknown as WebSocket, { token, principal: owner });
  return socket;
}

/** Lets time pass: the clock the hub reads and its timers. */
function pass(ms: number): void {
  now += ms;
  vi.advanceTimersByTime(ms);
}

describe('NoticeHub', () => {
  it('pings every socket every serverPingMs; one that answers stays, a silent one is dropped', () => {
    const answering = attach('t1', 'u1');
    const silent = attach('t2', 'u2');
    for (let i = 1; i <= 4; i++) {
      pass(NOTICE_TIMING.serverPingMs);
      expect(answering.sent).toHaveLength(i);
      answering.say(JSON.stringify(PING));
    }
    expect(answering.sent.every((m) => JSON.stringify(m) === JSON.stringify(PING))).toBe(true);
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(hub.socketCount()).toBe(1);
  });

  it('sends a notice to the named users only, or to everyone', async () => {
    const a1 = attach('ta', 'ua');
    const a2 = attach('ta2', 'ua');
    const b = attach('tb', 'ub');
    hub.publish(['ua', 'nobody'], { cmd: 'user', msgId: 'n1', msgTxt: '给A' });
    await vi.waitFor(() => expect(a1.sent).toHaveLength(1));
    expect(a1.sent).toEqual([{ cmd: 'user', msgId: 'n1', msgTxt: '给A' }]);
    expect(a2.sent).toEqual(a1.sent);
    expect(b.sent).toEqual([]);

    hub.publish(null, { cmd: 'refresh-notice' });
    await vi.waitFor(() => expect(b.sent).toEqual([{ cmd: 'refresh-notice' }]));
    expect(a1.sent).toHaveLength(2);
  });

  it('ignores what clients send besides ping: nothing is answered or relayed', () => {
    const a = attach('ta', 'ua');
    const b = attach('tb', 'ub');
    for (const text of [
      'not json',
      JSON.stringify({ cmd: 'topic', msgId: 'x', msgTxt: '伪造' }),
      JSON.stringify({ cmd: 'refresh-notice' }),
      JSON.stringify(PING),
    ]) {
      a.say(text);
    }
    expect(a.sent).toEqual([]);
    expect(b.sent).toEqual([]);
    expect(a.closedWith).toBeNull();
  });

  it('does not pass on an event message that is not a notice message', async () => {
    const a = attach('ta', 'ua');
    // As another process might put it on the bus.
    await bus.publish({
      kind: 'notice',
      userIds: null,
      message: { cmd: 'eval' } as unknown as { cmd: 'ping' },
    });
    expect(a.sent).toEqual([]);
  });

  it('closes the sockets of a session that ended, and of a user whose sessions went', async () => {
    const a = attach('ta', 'ua');
    const kept = attach('tk', 'ua');
    const b = attach('tb', 'ub');
    await bus.publish({ kind: 'session', tokenHash: 'hash-ta' });
    expect(a.closedWith).toBe(CLOSE_SESSION_ENDED);
    expect(kept.closedWith).toBeNull();

    live.delete('tb');
    await bus.publish({ kind: 'user', userId: 'ub' });
    await vi.waitFor(() => expect(b.closedWith).toBe(CLOSE_SESSION_ENDED));
    expect(kept.closedWith).toBeNull();
    expect(hub.socketCount()).toBe(1);
  });

  it('re-checks the session when pinged and closes the socket once it ended', async () => {
    const a = attach('ta', 'ua');
    live.delete('ta'); // e.g. expired without an event
    now += 10_000;
    a.say(JSON.stringify(PING));
    await vi.waitFor(() => expect(a.closedWith).toBe(CLOSE_SESSION_ENDED));
  });

  it('refuses more sockets of one user than the limit, and drops a reader that stopped reading', () => {
    const sockets = [attach('t1', 'u1'), attach('t2', 'u1'), attach('t3', 'u1')];
    const extra = attach('t4', 'u1');
    expect(extra.closedWith).toBe(CLOSE_TOO_MANY);
    expect(hub.socketCount('u1')).toBe(3);

    sockets[0]!.bufferedAmount = 10 * 1024 * 1024;
    pass(NOTICE_TIMING.serverPingMs);
    expect(sockets[0]!.terminated).toBe(true);
    expect(sockets[1]!.sent).toEqual([PING]);
    expect(hub.socketCount('u1')).toBe(2);
  });
});
