import {
  DEFAULT_SOCKET_KEY,
  SyncMessageType,
  TABLE_SYNC_PATH,
  isSyncId,
  parseSyncMessage,
  type SyncRow,
} from '../contracts/table-sync';

/** Live sync timings (widgets.md §4, §9). */
export const HEARTBEAT_INTERVAL_MS = 10_000;
export const HEARTBEAT_TIMEOUT_MS = 6_000;
export const RECONNECT_DELAY_MS = 5_000;

/** The part of the browser's WebSocket the channel uses (a fake in tests). */
export interface SyncSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SyncSocketConstructor = new (url: string, protocols: string[]) => SyncSocket;

export type TimerHandle = unknown;

/** Timers the channel runs on (fake ones in tests). */
export interface SyncTimers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

const browserTimers: SyncTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type RowsListener = (rows: readonly SyncRow[]) => void;

/** One socket (one user and page) shared by the grids of that page in this tab. */
export interface TableSyncChannel {
  /** Rows published for this socketKey by other clients; returns the unsubscribe. */
  subscribe(socketKey: string, listener: RowsListener): () => void;
  /** Stops for good: the socket closes and no reconnect follows. */
  close(): void;
}

export interface TableSyncChannelOptions {
  /** The socket's URL, read at every (re)connect; null: not signed in, try again later. */
  readonly url: () => string | null;
  /** The access token, sent as the socket's protocol; null: try again later. */
  readonly token: () => string | null;
  /** This tab's client id: updates it sent itself are ignored. */
  readonly clientId: string;
  readonly WebSocket: SyncSocketConstructor;
  readonly timers?: SyncTimers;
  /** Called once when the channel closed (deliberately or when its last subscriber left). */
  readonly onClosed?: () => void;
}

const HEARTBEAT = JSON.stringify({ type: SyncMessageType.HEART_BEAT, data: 'ping' });

/**
 * The live sync channel (widgets.md §4): connects when the first grid subscribes; on open
 * sends a heartbeat and expects the answer within 6 s (else reconnects at once); after each
 * answer the next heartbeat follows in 10 s. An error or a close reconnects after 5 s; at most
 * one reconnect is ever pending, and the old socket is detached and closed first, so an error
 * followed by a close schedules one. Send and parse errors are ignored. `update_vxe_table`
 * rows go to the subscribers of their socketKey unless this client sent them. The channel
 * closes itself when its last subscriber leaves.
 */
export function createTableSyncChannel(options: TableSyncChannelOptions): TableSyncChannel {
  const timers = options.timers ?? browserTimers;
  const listeners = new Map<string, Set<RowsListener>>();
  let socket: SyncSocket | null = null;
  let heartbeatTimer: TimerHandle | null = null;
  let replyTimer: TimerHandle | null = null;
  let reconnectTimer: TimerHandle | null = null;
  let started = false;
  let closed = false;

  const clear = (handle: TimerHandle | null) => {
    if (handle !== null) timers.clearTimeout(handle);
  };

  function dropSocket() {
    clear(heartbeatTimer);
    clear(replyTimer);
    heartbeatTimer = replyTimer = null;
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onerror = old.onclose = null;
    try {
      old.close();
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer !== null) return;
    dropSocket();
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, RECONNECT_DELAY_MS);
  }

  function sendHeartbeat() {
    heartbeatTimer = null;
    try {
      socket?.send(HEARTBEAT);
    } catch {
      // A failed send is answered by the reply timeout.
    }
    clear(replyTimer);
    replyTimer = timers.setTimeout(() => {
      replyTimer = null;
      dropSocket();
      connect();
    }, HEARTBEAT_TIMEOUT_MS);
  }

  function receive(data: unknown) {
    const message = parseSyncMessage(data);
    if (!message) return;
    if (message.type === SyncMessageType.HEART_BEAT) {
      clear(replyTimer);
      replyTimer = null;
      heartbeatTimer ??= timers.setTimeout(sendHeartbeat, HEARTBEAT_INTERVAL_MS);
      return;
    }
    if (message.type !== SyncMessageType.UPDATE_VXE_TABLE) return;
    const { socketKey, senderId, rows } = message.data;
    if (senderId === options.clientId) return;
    for (const listener of [...(listeners.get(socketKey) ?? [])]) {
      try {
        listener(rows);
      } catch (error) {
        // A failing grid must not stop the others, nor the channel; the error still surfaces.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  function connect() {
    if (closed) return;
    const url = options.url();
    const token = options.token();
    if (!url || !token) {
      scheduleReconnect();
      return;
    }
    let next: SyncSocket;
    try {
      next = new options.WebSocket(url, [token]);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = next;
    next.onopen = () => sendHeartbeat();
    next.onmessage = (event) => receive(event.data);
    next.onerror = () => scheduleReconnect();
    next.onclose = () => scheduleReconnect();
  }

  function close() {
    if (closed) return;
    closed = true;
    clear(reconnectTimer);
    reconnectTimer = null;
    dropSocket();
    listeners.clear();
    options.onClosed?.();
  }

  return {
    subscribe(socketKey, listener) {
      if (closed) return () => {};
      const set = listeners.get(socketKey) ?? new Set<RowsListener>();
      listeners.set(socketKey, set);
      set.add(listener);
      if (!started) {
        started = true;
        connect();
      }
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(socketKey) === set) listeners.delete(socketKey);
        if (listeners.size === 0) close();
      };
    },
    close,
  };
}

/** The live table sync of one browser tab: one channel per page, shared by its grids. */
export interface TableSync {
  /** This tab's id: send it as `X-Sync-Client` on saves so the tab skips its own updates. */
  readonly clientId: string;
  /**
   * Rows other clients saved on this page for this socketKey (default `vxe-default`); returns
   * the unsubscribe. An unsafe page id or socketKey subscribes to nothing.
   */
  subscribe(pageId: string, socketKey: string | undefined, listener: RowsListener): () => void;
}

export interface TableSyncOptions {
  /** Origin + /system (http or https; the socket uses ws or wss). */
  readonly baseURL: string;
  /** The signed-in session: its token authenticates, its user id names the path. */
  readonly session: {
    getToken(): string | null;
    getUser(): { readonly id: string } | null;
  };
  /** Default: the browser's WebSocket. */
  readonly WebSocket?: SyncSocketConstructor;
  readonly timers?: SyncTimers;
  /** Default: random per instance (one instance per tab). */
  readonly clientId?: string;
}

/** 32 random hex digits; `crypto.randomUUID` is missing outside secure contexts. */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `ws(s)://host/system/vxeSocket/{userId}/{pageId}`. */
export function tableSyncUrl(baseURL: string, userId: string, pageId: string): string {
  const base = baseURL.replace(/^http/i, 'ws').replace(/\/+$/, '');
  return `${base}${TABLE_SYNC_PATH}/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
}

export function createTableSync(options: TableSyncOptions): TableSync {
  const clientId = options.clientId ?? newClientId();
  const channels = new Map<string, TableSyncChannel>();
  // Absent outside browsers (server-side tests): then nothing connects.
  const Socket: SyncSocketConstructor | undefined =
    options.WebSocket ?? (typeof WebSocket === 'function' ? WebSocket : undefined);

  function channelOf(pageId: string, Ctor: SyncSocketConstructor): TableSyncChannel {
    const existing = channels.get(pageId);
    if (existing) return existing;
    const channel: TableSyncChannel = createTableSyncChannel({
      url: () => {
        const user = options.session.getUser();
        return user ? tableSyncUrl(options.baseURL, user.id, pageId) : null;
      },
      token: () => options.session.getToken(),
      clientId,
      WebSocket: Ctor,
      timers: options.timers,
      onClosed: () => {
        if (channels.get(pageId) === channel) channels.delete(pageId);
      },
    });
    channels.set(pageId, channel);
    return channel;
  }

  return {
    clientId,
    subscribe(pageId, socketKey = DEFAULT_SOCKET_KEY, listener) {
      if (!Socket || !isSyncId(pageId) || !isSyncId(socketKey)) return () => {};
      return channelOf(pageId, Socket).subscribe(socketKey, listener);
    },
  };
}
