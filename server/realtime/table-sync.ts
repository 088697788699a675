import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_SOCKET_KEY,
  SyncMessageType,
  isSyncId,
  parseSyncMessage,
  type TableUpdateData,
} from '../../src/contracts/table-sync';
import type { Principal } from '../http/access';
import type { CacheEvent, InvalidationBus, SyncScope } from './bus';
import { SocketPool, type PooledSocket, type SocketPoolLimits } from './socket-pool';

export type { SyncScope } from './bus';

/** What a save publishes once its transaction committed. */
export interface TableUpdateInput {
  /** The page whose open grids receive the rows (the page id their sockets named). */
  readonly pageId: string;
  /** Which grid of the page; default `vxe-default`. */
  readonly socketKey?: string;
  /** The saving grid's client id (`syncSenderOf(request)`); that grid skips the update. */
  readonly senderId?: string;
  /** The rows as stored, shaped as the page's list answers them (JSON values). */
  readonly rows: readonly Record<string, unknown>[];
  /**
   * Only users holding this code receive the rows, e.g. `online:{code}:list`: a socket is
   * open to any signed-in user, so without it every one of them may read the rows.
   */
  readonly permission?: string;
  /**
   * Only users whose data rules let this row through receive the rows (checked by the hub's
   * `allows`, per receiver): the master of a master-detail save, say.
   */
  readonly scope?: SyncScope;
}

/** The live table sync as route handlers see it (`ctx.tableSync`). */
export interface TableSync {
  /** Sends the rows to every socket of the page, in every process. Never throws. */
  publishTableUpdate(input: TableUpdateInput): void;
}

/** An accepted socket: whom it belongs to (the token's user, not the path's). */
export interface SocketOwner {
  readonly pageId: string;
  readonly token: string;
  readonly principal: Principal;
}

/**
 * The pool's limits (socket-pool.ts) with the sync's own: `idleMs` well above the 10 s
 * heartbeat, as browsers run the timers of a hidden tab about once a minute.
 */
export interface TableSyncLimits extends SocketPoolLimits {
  /** An update whose JSON is larger is not sent (logged). */
  readonly maxUpdateBytes: number;
}

export const DEFAULT_TABLE_SYNC_LIMITS: TableSyncLimits = {
  socketsPerUser: 20,
  idleMs: 120_000,
  recheckMs: 5_000,
  maxUpdateBytes: 1024 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
};

export interface TableSyncHubOptions {
  readonly bus: InvalidationBus;
  /** The session store's resolve: null once the session ended. */
  readonly resolvePrincipal: (token: string) => Promise<Principal | null>;
  readonly log: FastifyBaseLogger;
  readonly limits?: Partial<TableSyncLimits>;
  readonly now?: () => number;
  /**
   * Whether a receiver's data rules let the update's `scope` row through. Without it an
   * update with a scope reaches nobody (closed rather than open).
   */
  readonly allows?: (principal: Principal, scope: SyncScope) => Promise<boolean>;
}

interface Connection extends PooledSocket {
  readonly pageId: string;
  /** Scoped updates wait for their check; this keeps them in publishing order. */
  pending: Promise<void>;
}

/** A connection with no scoped update waiting. */
const SETTLED: Promise<void> = Promise.resolve();
const HEARTBEAT_REPLY = JSON.stringify({ type: SyncMessageType.HEART_BEAT, data: 'pong' });

/**
 * The sockets of `/system/vxeSocket/{userId}/{pageId}` in this process. Clients only send
 * heartbeats; rows reach grids only through `publishTableUpdate`, which the server calls after
 * a committed save (a client could otherwise push made-up rows into other users' grids). Each
 * update goes over the invalidation bus, so with Redis every process delivers it to its own
 * sockets. A socket closes when its session ends (logout, freeze, password reset: the bus's
 * `session` / `user` events, and the re-check at heartbeats).
 */
export class TableSyncHub implements TableSync {
  private readonly pages = new Map<string, Set<Connection>>();
  private readonly limits: TableSyncLimits;
  private readonly now: () => number;
  private readonly pool: SocketPool<Connection>;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: TableSyncHubOptions) {
    this.limits = { ...DEFAULT_TABLE_SYNC_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.pool = new SocketPool<Connection>({
      name: 'table sync',
      bus: options.bus,
      resolvePrincipal: options.resolvePrincipal,
      log: options.log,
      limits: this.limits,
      now: this.now,
      onText: (connection, text) => void this.onText(connection, text),
      onLeave: (connection) => {
        const set = this.pages.get(connection.pageId);
        set?.delete(connection);
        if (set?.size === 0) this.pages.delete(connection.pageId);
      },
    });
    this.unsubscribe = options.bus.subscribe((event) => {
      if (event.kind !== 'table-rows') return;
      try {
        this.deliver(event.pageId, event.permission, event.data, event.scope ?? null);
      } catch (error) {
        // Another subscriber's event must never fail because of a socket.
        options.log.warn({ err: error }, 'table sync: event not handled');
      }
    });
  }

  /** Takes an upgraded socket of a signed-in user. */
  attach(socket: WebSocket, owner: SocketOwner): void {
    const now = this.now();
    const connection: Connection = {
      socket,
      pageId: owner.pageId,
      token: owner.token,
      userId: owner.principal.userId,
      principal: owner.principal,
      lastSeen: now,
      lastChecked: now,
      pending: SETTLED,
    };
    if (!this.pool.add(connection)) return;
    const set = this.pages.get(connection.pageId);
    if (set) set.add(connection);
    else this.pages.set(connection.pageId, new Set([connection]));
  }

  publishTableUpdate(input: TableUpdateInput): void {
    const { log } = this.options;
    const socketKey = input.socketKey ?? DEFAULT_SOCKET_KEY;
    if (!isSyncId(input.pageId) || !isSyncId(socketKey)) {
      log.warn({ pageId: input.pageId, socketKey }, 'table sync: bad page id or socketKey');
      return;
    }
    if (input.rows.length === 0) return;
    const senderId = isSyncId(input.senderId) ? input.senderId : null;
    let parts: (readonly Record<string, unknown>[])[];
    try {
      parts = this.split(input.rows, (rows) => ({ socketKey, senderId, rows }));
    } catch (error) {
      log.warn({ err: error, pageId: input.pageId }, 'table sync: rows are not JSON');
      return;
    }
    for (const rows of parts) {
      const event: CacheEvent = {
        kind: 'table-rows',
        pageId: input.pageId,
        permission: input.permission ?? null,
        data: { socketKey, senderId, rows },
        scope: input.scope ?? null,
      };
      this.options.bus.publish(event).catch((error: unknown) => {
        log.warn({ err: error, pageId: input.pageId }, 'table sync: publish failed');
      });
    }
  }

  /**
   * The rows in parts whose message stays within `maxUpdateBytes` (a save of thousands of
   * detail rows goes out as several updates, in order). A single row over the limit is left
   * out, with a warning. Throws when the rows are not JSON.
   */
  private split(
    rows: readonly Record<string, unknown>[],
    wrap: (rows: readonly Record<string, unknown>[]) => TableUpdateData,
  ): (readonly Record<string, unknown>[])[] {
    const size = Buffer.byteLength(JSON.stringify(wrap(rows)));
    if (size <= this.limits.maxUpdateBytes) return [rows];
    if (rows.length === 1) {
      this.options.log.warn({ size }, 'table sync: a row too large to send, left out');
      return [];
    }
    const half = Math.ceil(rows.length / 2);
    return [...this.split(rows.slice(0, half), wrap), ...this.split(rows.slice(half), wrap)];
  }

  /** Open sockets of a page (tests, diagnostics). */
  socketCount(pageId?: string): number {
    if (pageId !== undefined) return this.pages.get(pageId)?.size ?? 0;
    return this.pool.count();
  }

  /** Stops listening; the websocket plugin closes the sockets themselves. */
  close(): void {
    this.unsubscribe();
    this.pool.close();
    this.pages.clear();
  }

  private deliver(
    pageId: string,
    permission: string | null,
    data: TableUpdateData,
    scope: SyncScope | null,
  ): void {
    const sockets = this.pages.get(pageId);
    if (!sockets) return;
    const text = JSON.stringify({ type: SyncMessageType.UPDATE_VXE_TABLE, data });
    for (const connection of sockets) {
      if (permission !== null && !connection.principal.codes.has(permission)) continue;
      if (scope === null && connection.pending === SETTLED) {
        this.pool.send(connection, text);
        continue;
      }
      const next = connection.pending.then(() => this.sendIfAllowed(connection, text, scope));
      connection.pending = next;
      void next.then(() => {
        if (connection.pending === next) connection.pending = SETTLED;
      });
    }
  }

  /** Sends a scoped update when the receiver's data rules let its row through. */
  private async sendIfAllowed(
    connection: Connection,
    text: string,
    scope: SyncScope | null,
  ): Promise<void> {
    try {
      if (scope !== null && !(await this.options.allows?.(connection.principal, scope))) return;
      this.pool.send(connection, text);
    } catch (error) {
      this.options.log.warn({ err: error }, 'table sync: data rule check failed, update not sent');
    }
  }

  private async onText(connection: Connection, text: string): Promise<void> {
    // Only heartbeats are answered; anything else (row updates included) is ignored.
    if (parseSyncMessage(text)?.type !== SyncMessageType.HEART_BEAT) return;
    if (await this.pool.confirm(connection)) this.pool.send(connection, HEARTBEAT_REPLY);
  }
}
