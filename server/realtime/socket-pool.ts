import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { CLOSE_SESSION_ENDED, CLOSE_TOO_MANY } from '../../src/contracts/table-sync';
import type { Principal } from '../http/access';
import type { InvalidationBus } from './bus';

/**
 * What every server socket of a signed-in user needs, whatever it carries (live table sync,
 * notices): a limit of sockets per user, dropping silent sockets, dropping a reader that stopped
 * reading, and closing the sockets of a session that ended (the bus's `session` / `user` / `all`
 * events, and a re-check when the client is heard from). A hub keeps one pool and adds what its
 * messages need.
 */

/** One accepted socket; a hub may extend it with what it routes by. */
export interface PooledSocket {
  readonly socket: WebSocket;
  /** The session token it was opened with (re-checked, never sent anywhere). */
  readonly token: string;
  /** The token's user (never the path's). */
  readonly userId: string;
  principal: Principal;
  /** When the client was last heard from. */
  lastSeen: number;
  /** When its session was last re-checked. */
  lastChecked: number;
}

export interface SocketPoolLimits {
  /** Open sockets per user; one more is closed with 4429. */
  readonly socketsPerUser: number;
  /** A socket silent this long is dropped as dead. */
  readonly idleMs: number;
  /** The session behind a socket is re-checked when heard from, at most this often. */
  readonly recheckMs: number;
  /** A socket with more unsent bytes than this is dropped (a reader that stopped reading). */
  readonly maxBufferedBytes: number;
}

export interface SocketPoolOptions<M extends PooledSocket> {
  /** Names the pool in log lines. */
  readonly name: string;
  readonly bus: InvalidationBus;
  /** The session store's resolve: null once the session ended. */
  readonly resolvePrincipal: (token: string) => Promise<Principal | null>;
  readonly log: FastifyBaseLogger;
  readonly limits: SocketPoolLimits;
  readonly now: () => number;
  /** A text message from a member (it already counts as heard from). */
  readonly onText: (member: M, text: string) => void;
  /** A member left the pool (closed, ended, dropped); called once. */
  readonly onLeave?: (member: M) => void;
}

/** ws readyState OPEN. */
const OPEN = 1;

export class SocketPool<M extends PooledSocket> {
  private readonly users = new Map<string, Set<M>>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: SocketPoolOptions<M>) {
    this.unsubscribe = options.bus.subscribe((event) => {
      try {
        if (event.kind === 'session') {
          for (const member of this.members()) {
            if (member.principal.tokenHash === event.tokenHash) this.end(member);
          }
        } else if (event.kind === 'user') {
          // The session store drops its entries in the same delivery; re-check after it.
          this.recheckLater([...(this.users.get(event.userId) ?? [])]);
        } else if (event.kind === 'all') {
          this.recheckLater([...this.members()]);
        }
      } catch (error) {
        // Another subscriber's event must never fail because of a socket.
        options.log.warn({ err: error }, `${options.name}: event not handled`);
      }
    });
    const { idleMs } = options.limits;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, idleMs / 3));
    this.sweeper.unref();
  }

  /** Takes a member in; false (and the socket closed with 4429) when its user has too many. */
  add(member: M): boolean {
    const { socket, userId } = member;
    if ((this.users.get(userId)?.size ?? 0) >= this.options.limits.socketsPerUser) {
      socket.close(CLOSE_TOO_MANY, 'too many sockets');
      return false;
    }
    const set = this.users.get(userId);
    if (set) set.add(member);
    else this.users.set(userId, new Set([member]));
    socket.on('message', (data, isBinary) => {
      member.lastSeen = this.options.now();
      if (!isBinary && Buffer.isBuffer(data)) {
        this.options.onText(member, data.toString('utf8'));
      }
    });
    socket.on('close', () => this.forget(member));
    return true;
  }

  /** Whether the member is still in the pool. */
  has(member: M): boolean {
    return this.users.get(member.userId)?.has(member) ?? false;
  }

  /** The sockets of one user. */
  ofUser(userId: string): readonly M[] {
    return [...(this.users.get(userId) ?? [])];
  }

  /** Every socket (a copy: sending may drop members). */
  *members(): Generator<M> {
    for (const set of this.users.values()) yield* [...set];
  }

  count(): number {
    let count = 0;
    for (const set of this.users.values()) count += set.size;
    return count;
  }

  /**
   * Re-checks the member's session when the last check is older than `recheckMs`; whether the
   * socket still stands (it is closed when the session ended). A database hiccup is not a
   * logout: the socket stays and the next message asks again.
   */
  async confirm(member: M): Promise<boolean> {
    const now = this.options.now();
    if (now - member.lastChecked >= this.options.limits.recheckMs) {
      member.lastChecked = now;
      await this.recheckToken(member.token, [member]);
    }
    return this.has(member);
  }

  /** Sends a text; a socket with too much unsent drops instead. */
  send(member: M, text: string): void {
    const { socket } = member;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.options.limits.maxBufferedBytes) {
      this.forget(member);
      socket.terminate();
      return;
    }
    try {
      socket.send(text);
    } catch {
      // A socket closing under us: its close event forgets it.
    }
  }

  /** Stops listening; the websocket plugin closes the sockets themselves. */
  close(): void {
    this.unsubscribe();
    clearInterval(this.sweeper);
    for (const member of [...this.members()]) this.forget(member);
  }

  private end(member: M): void {
    this.forget(member);
    try {
      member.socket.close(CLOSE_SESSION_ENDED, 'session ended');
    } catch {
      member.socket.terminate();
    }
  }

  /** Re-checks after the current event delivery; one session look-up per distinct token. */
  private recheckLater(members: readonly M[]): void {
    if (members.length === 0) return;
    queueMicrotask(() => {
      const byToken = new Map<string, M[]>();
      for (const member of members) {
        const list = byToken.get(member.token);
        if (list) list.push(member);
        else byToken.set(member.token, [member]);
      }
      for (const [token, list] of byToken) void this.recheckToken(token, list);
    });
  }

  private async recheckToken(token: string, members: readonly M[]): Promise<void> {
    let principal: Principal | null;
    try {
      principal = await this.options.resolvePrincipal(token);
    } catch (error) {
      this.options.log.warn({ err: error }, `${this.options.name}: session check failed`);
      return;
    }
    for (const member of members) {
      if (principal) member.principal = principal;
      else this.end(member);
    }
  }

  private sweep(): void {
    const deadline = this.options.now() - this.options.limits.idleMs;
    for (const member of this.members()) {
      if (member.lastSeen >= deadline) continue;
      this.forget(member);
      member.socket.terminate();
    }
  }

  private forget(member: M): void {
    const set = this.users.get(member.userId);
    if (!set?.delete(member)) return;
    if (set.size === 0) this.users.delete(member.userId);
    this.options.onLeave?.(member);
  }
}
