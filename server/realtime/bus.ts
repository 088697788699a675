import { randomUUID } from 'node:crypto';
import type { NoticeMessage } from '../../src/contracts/notice';
import type { TableUpdateData } from '../../src/contracts/table-sync';

/**
 * Cache invalidation events. Every process keeps in-memory caches (who is calling, which
 * codes they hold, dictionaries); a change anywhere must reach every process.
 */
export type CacheEvent =
  /** One session ended (logout, revocation). */
  | { readonly kind: 'session'; readonly tokenHash: string }
  /** A user's status, roles or sessions changed. */
  | { readonly kind: 'user'; readonly userId: string }
  /** Permissions or role grants changed: every cached principal is stale. */
  | { readonly kind: 'permissions' }
  /** Dictionaries changed. */
  | { readonly kind: 'dict' }
  /** A page definition was saved, rolled back or deleted. */
  | { readonly kind: 'page'; readonly code: string }
  /** Anything may have changed (e.g. messages were missed while Redis was away): drop all. */
  | { readonly kind: 'all' }
  /**
   * Not an invalidation: rows a committed save changed, for the open grids of a page (live
   * table sync, `server/realtime/table-sync.ts`). It rides this bus so Redis fans it out.
   * `permission`: only sockets whose user holds this code receive it (null: every socket).
   */
  | {
      readonly kind: 'table-rows';
      readonly pageId: string;
      readonly permission: string | null;
      readonly data: TableUpdateData;
      /** The row each receiver's data rules must let through; absent: no such check. */
      readonly scope?: SyncScope | null;
    }
  /**
   * Not an invalidation: a message for the notice sockets (`server/realtime/notice-hub.ts`),
   * e.g. a released announcement. `userIds`: the users whose sockets receive it; null: every
   * connected user.
   */
  | {
      readonly kind: 'notice';
      readonly userIds: readonly string[] | null;
      readonly message: NoticeMessage;
    };

/** A row of an online page (its code and the row's id), as a live-sync receiver must see it. */
export interface SyncScope {
  readonly page: string;
  readonly id: string;
}

export type CacheEventHandler = (event: CacheEvent) => void;

export interface InvalidationBus {
  /** Delivers to this process at once and, with Redis, to every other process. */
  publish(event: CacheEvent): Promise<void>;
  subscribe(handler: CacheEventHandler): () => void;
  /**
   * Whether the shared channel answers a PING now (health/ready): null for a single-process
   * bus, which has none. Not bounded here: the caller bounds it.
   */
  ping(): Promise<boolean | null>;
  close(): Promise<void>;
}

function localFanout() {
  const handlers = new Set<CacheEventHandler>();
  return {
    handlers,
    deliver(event: CacheEvent) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler: CacheEventHandler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}

/** Single-process bus. */
export function createMemoryBus(): InvalidationBus {
  const local = localFanout();
  return {
    publish: async (event) => local.deliver(event),
    subscribe: local.subscribe,
    ping: async () => null,
    close: async () => local.handlers.clear(),
  };
}

const CHANNEL = 'schema-admin:invalidate';

function isCacheEvent(value: unknown): value is CacheEvent {
  if (!value || typeof value !== 'object') return false;
  const kind = (value as { kind?: unknown }).kind;
  return (
    kind === 'session' ||
    kind === 'user' ||
    kind === 'permissions' ||
    kind === 'dict' ||
    kind === 'page' ||
    kind === 'all' ||
    kind === 'table-rows' ||
    kind === 'notice'
  );
}

/** Bus shared by every process connected to the same Redis. */
export async function createRedisBus(
  url: string,
  log: (message: string, err?: unknown) => void = () => {},
): Promise<InvalidationBus> {
  // Loaded only when Redis is configured, so a single process does not pay for it at start.
  const { Redis } = await import('ioredis');
  const origin = randomUUID();
  const local = localFanout();
  // While Redis is away a publish fails at once (no offline queue) and the process carries on
  // alone; both clients reconnect by themselves (ioredis retries with a growing delay).
  const publisher = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  const subscriber = new Redis(url, { lazyConnect: true });
  // An outage is logged once, and its end once: not every retry.
  let lost = false;
  const onError = (err: unknown) => {
    if (lost) return;
    lost = true;
    log('redis unavailable: cache invalidations and pushes stay on this process', err);
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as { origin?: string; event?: unknown };
      if (message.origin !== origin && isCacheEvent(message.event)) local.deliver(message.event);
    } catch {
      // A foreign or malformed message on our channel is ignored.
    }
  });
  await subscriber.subscribe(CHANNEL);
  // The first 'ready' has passed: any later one is a reconnect, after which invalidations may
  // have been missed, so every cache starts afresh.
  subscriber.on('ready', () => {
    if (lost) log('redis available again: fan-out resumed');
    lost = false;
    local.deliver({ kind: 'all' });
  });
  return {
    async publish(event) {
      local.deliver(event);
      try {
        await publisher.publish(CHANNEL, JSON.stringify({ origin, event }));
      } catch (err) {
        // The change is made and this process knows it; the others start afresh when their
        // subscriber reconnects (the 'ready' above), so nothing stays stale for good.
        onError(err);
      }
    },
    subscribe: local.subscribe,
    async ping() {
      // Without an offline queue a PING fails at once while Redis is away; a Redis that
      // hangs is bounded by the caller (health/ready's check timeout).
      try {
        return (await publisher.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      local.handlers.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
