import { EventEmitter } from 'node:events';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SESSION_ENDED } from '../../src/contracts/table-sync';
import type { Principal } from '../../server/http/access';
import { createMemoryBus } from '../../server/realtime/bus';
import { TableSyncHub, type TableSyncHubOptions } from '../../server/realtime/table-sync';

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
  say(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

const asWs = (socket: FakeSocket) => socket as unknown as WebSocket;

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

let now = 0;
let hub: TableSyncHub;
let live: Map<string, Principal>;
let resolve: ReturnType<typeof vi.fn<TableSyncHubOptions['resolvePrincipal']>>;
const bus = createMemoryBus();

beforeEach(() => {
  vi.useFakeTimers();
  now = 1_000_000;
  live = new Map();
  resolve = vi.fn(async (token: string) => live.get(token) ?? null);
  hub = new TableSyncHub({
    bus,
    resolvePrincipal: resolve,
    log: silentLog,
    now: () => now,
    limits: { idleMs: 30_000, maxBufferedBytes: 1000 },
  });
});
afterEach(() => {
  hub.close();
  vi.useRealTimers();
});

function attach(token: string, userId: string, pageId = 'p1'): FakeSocket {
  const socket = new FakeSocket();
  const owner = principal(userId, `hash-${token}`);
  live.set(token, owner);
  hub.attach(asWs(socket), { pageId, token, principal: owner });
  return socket;
}

describe('TableSyncHub', () => {
  it('drops a socket that stopped sending heartbeats', () => {
    const quiet = attach('t1', 'u1');
    const chatty = attach('t2', 'u2');
    now += 20_000;
    chatty.say({ type: 'heart_beat' });
    now += 15_000;
    vi.advanceTimersByTime(10_000);
    expect(quiet.terminated).toBe(true);
    expect(chatty.terminated).toBe(false);
    expect(hub.socketCount('p1')).toBe(1);
  });

  it('drops a reader that stopped reading instead of buffering for it', () => {
    const slow = attach('t1', 'u1');
    const fine = attach('t2', 'u2');
    slow.bufferedAmount = 5000;
    hub.publishTableUpdate({ pageId: 'p1', rows: [{ id: 'r1' }] });
    expect(slow.terminated).toBe(true);
    expect(fine.sent).toHaveLength(1);
  });

  it('does not send an update larger than the limit, nor one that is not JSON', () => {
    const socket = attach('t1', 'u1');
    const big = new TableSyncHub({
      bus: createMemoryBus(),
      resolvePrincipal: resolve,
      log: silentLog,
      limits: { maxUpdateBytes: 100 },
    });
    try {
      big.attach(asWs(socket), { pageId: 'p2', token: 't1', principal: principal('u1', 'h') });
      big.publishTableUpdate({ pageId: 'p2', rows: [{ id: 'r1', text: 'x'.repeat(200) }] });
      big.publishTableUpdate({ pageId: 'p2', rows: [{ id: 'r1', n: 1n }] });
      big.publishTableUpdate({ pageId: 'bad page', rows: [{ id: 'r1' }] });
      expect(socket.sent).toEqual([]);
    } finally {
      big.close();
    }
  });

  it('sends many rows over the limit as several updates, every row once and in order', () => {
    const socket = attach('t1', 'u1');
    const small = new TableSyncHub({
      bus: createMemoryBus(),
      resolvePrincipal: resolve,
      log: silentLog,
      limits: { maxUpdateBytes: 200 },
    });
    try {
      small.attach(asWs(socket), { pageId: 'p3', token: 't1', principal: principal('u1', 'h') });
      const rows = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, name: `行${i}` }));
      small.publishTableUpdate({ pageId: 'p3', socketKey: 'items', rows });
      const updates = socket.sent as { data: { socketKey: string; rows: { id: string }[] } }[];
      expect(updates.length).toBeGreaterThan(1);
      for (const update of updates) {
        expect(Buffer.byteLength(JSON.stringify(update.data))).toBeLessThanOrEqual(200);
      }
      expect(updates.every((u) => u.data.socketKey === 'items')).toBe(true);
      expect(updates.flatMap((u) => u.data.rows.map((r) => r.id))).toEqual(rows.map((r) => r.id));
    } finally {
      small.close();
    }
  });

  it('after a lost-messages event, checks each session once and closes the ended ones', async () => {
    const a1 = attach('ta', 'ua', 'p1');
    const a2 = attach('ta', 'ua', 'p2');
    const b = attach('tb', 'ub', 'p1');
    live.delete('tb');
    await bus.publish({ kind: 'all' });
    await vi.waitFor(() => expect(b.closedWith).toBe(CLOSE_SESSION_ENDED));
    expect(resolve.mock.calls.map(([token]) => token).sort()).toEqual(['ta', 'tb']);
    expect(a1.closedWith).toBeNull();
    expect(a2.closedWith).toBeNull();
  });

  it('re-checks the session at a heartbeat and closes the socket once it ended', async () => {
    const socket = attach('t1', 'u1');
    now += 10_000;
    socket.say({ type: 'heart_beat', data: 'ping' });
    await vi.waitFor(() => expect(socket.sent).toEqual([{ type: 'heart_beat', data: 'pong' }]));
    live.delete('t1'); // e.g. expired, or an event that never arrived
    now += 10_000;
    socket.say({ type: 'heart_beat', data: 'ping' });
    await vi.waitFor(() => expect(socket.closedWith).toBe(CLOSE_SESSION_ENDED));
    expect(socket.sent).toHaveLength(1);
  });
});
