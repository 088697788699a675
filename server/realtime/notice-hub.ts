import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import {
  NOTICE_TIMING,
  NoticeCmd,
  parseNoticeMessage,
  type NoticeMessage,
} from '../../src/contracts/notice';
import type { Principal } from '../http/access';
import type { CacheEvent, InvalidationBus } from './bus';
import { SocketPool, type PooledSocket, type SocketPoolLimits } from './socket-pool';

/**
 * The sockets of `/system/websocket/{userId}` (shell.md §4) in this process: each user's open
 * tabs, told of new notices (`topic` / `user`) and of changed counts (`refresh-notice`). Every
 * message goes over the invalidation bus, so with Redis a notice released in one process reaches
 * the sockets another holds. The server pings every `serverPingMs`; the client's answer (any
 * message) keeps the socket; a socket silent for `idleMs` is terminated. Clients only answer
 * pings: nothing they send is relayed.
 */

/** Who receives a message: these users' sockets, or (null) every connected user's. */
export type NoticeAudience = readonly string[] | null;

/** The notice push as route handlers see it (`ctx.notices`). */
export interface NoticePush {
  /** Sends the message to the audience's sockets, in every process. Never throws. */
  publish(audience: NoticeAudience, message: NoticeMessage): void;
}

export interface NoticeHubLimits extends SocketPoolLimits {
  /** How often the server pings every socket. */
  readonly pingMs: number;
}

export const DEFAULT_NOTICE_LIMITS: NoticeHubLimits = {
  socketsPerUser: 20,
  pingMs: NOTICE_TIMING.serverPingMs,
  // Three pings unanswered. The client answers from its message handler, which browsers do not
  // hold back in a hidden tab the way they slow its timers.
  idleMs: 3 * NOTICE_TIMING.serverPingMs,
  recheckMs: 5_000,
  maxBufferedBytes: 1024 * 1024,
};

export interface NoticeHubOptions {
  readonly bus: InvalidationBus;
  /** The session store's resolve: null once the session ended. */
  readonly resolvePrincipal: (token: string) => Promise<Principal | null>;
  readonly log: FastifyBaseLogger;
  readonly limits?: Partial<NoticeHubLimits>;
  readonly now?: () => number;
}

const PING = JSON.stringify({ cmd: NoticeCmd.PING });

export class NoticeHub implements NoticePush {
  private readonly pool: SocketPool<PooledSocket>;
  private readonly now: () => number;
  private readonly unsubscribe: () => void;
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly options: NoticeHubOptions) {
    const limits = { ...DEFAULT_NOTICE_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.pool = new SocketPool<PooledSocket>({
      name: 'notice socket',
      bus: options.bus,
      resolvePrincipal: options.resolvePrincipal,
      log: options.log,
      limits,
      now: this.now,
      onText: (member, text) => void this.onText(member, text),
    });
    this.unsubscribe = options.bus.subscribe((event) => {
      if (event.kind !== 'notice') return;
      try {
        this.deliver(event);
      } catch (error) {
        // Another subscriber's event must never fail because of a socket.
        options.log.warn({ err: error }, 'notice socket: event not handled');
      }
    });
    this.pinger = setInterval(() => this.pingAll(), limits.pingMs);
    this.pinger.unref();
  }

  /** Takes an upgraded socket of a signed-in user (the token's user). */
  attach(socket: WebSocket, owner: { readonly token: string; readonly principal: Principal }) {
    const now = this.now();
    this.pool.add({
      socket,
      token: owner.token,
      userId: owner.principal.userId,
      principal: owner.principal,
      lastSeen: now,
      lastChecked: now,
    });
  }

  publish(audience: NoticeAudience, message: NoticeMessage): void {
    if (audience !== null && audience.length === 0) return;
    const event: CacheEvent = { kind: 'notice', userIds: audience, message };
    this.options.bus.publish(event).catch((error: unknown) => {
      this.options.log.warn({ err: error, cmd: message.cmd }, 'notice socket: publish failed');
    });
  }

  /** Open sockets, of one user or of all (tests, diagnostics). */
  socketCount(userId?: string): number {
    return userId === undefined ? this.pool.count() : this.pool.ofUser(userId).length;
  }

  /** Stops listening; the websocket plugin closes the sockets themselves. */
  close(): void {
    this.unsubscribe();
    clearInterval(this.pinger);
    this.pool.close();
  }

  private deliver(event: Extract<CacheEvent, { kind: 'notice' }>): void {
    // Only the known fields go out, whatever else another process put in the event.
    const { cmd, msgId, msgTxt } = event.message;
    const text = JSON.stringify({ cmd, msgId, msgTxt });
    if (parseNoticeMessage(text) === null) return;
    const receivers =
      event.userIds === null
        ? [...this.pool.members()]
        : [...new Set(event.userIds)].flatMap((userId) => this.pool.ofUser(userId));
    for (const member of receivers) this.pool.send(member, text);
  }

  private pingAll(): void {
    for (const member of this.pool.members()) this.pool.send(member, PING);
  }

  private async onText(member: PooledSocket, text: string): Promise<void> {
    // Any message already kept the socket alive; a ping also re-checks its session when due.
    if (parseNoticeMessage(text)?.cmd === NoticeCmd.PING) await this.pool.confirm(member);
  }
}
