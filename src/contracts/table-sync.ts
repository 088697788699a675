/**
 * Live table sync (widgets.md §2.12, §4 "Live sync channel", §9): the socket
 * `/system/vxeSocket/{userId}/{pageId}` and its JSON messages `{type, data}`, shared by the
 * server hub and the browser channel.
 */

/** Path of the socket under the API prefix; `/{userId}/{pageId}` follow. */
export const TABLE_SYNC_PATH = '/vxeSocket';

/**
 * Request header a grid sends on its saves with its client id, so the update the save
 * publishes is not applied again by the grid that made it.
 */
export const SYNC_CLIENT_HEADER = 'X-Sync-Client';

/** The grid's socketKey when it names none (widgets.md §3 "Grid props"). */
export const DEFAULT_SOCKET_KEY = 'vxe-default';

/** What a page id, a socketKey and a client id may look like: letters, digits, `_`, `-`, 1–64. */
export const SYNC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a value is a safe page id, socketKey or client id. */
export function isSyncId(value: unknown): value is string {
  return typeof value === 'string' && SYNC_ID_PATTERN.test(value);
}

/** Close code the server uses when the session behind a socket ended (logout, freeze). */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code of a socket refused because its user has too many open. */
export const CLOSE_TOO_MANY = 4429;

/** Message types (widgets.md §3 "Sync message"). */
export const SyncMessageType = {
  /** Client → server every 10 s; the server answers with the same type at once. */
  HEART_BEAT: 'heart_beat',
  /** Free-form data; not used by the grid (its payload is not specified). */
  COMMON_SEND_DATE: 'common_send_date',
  /** Server → client: rows a committed save changed. Never accepted from a client. */
  UPDATE_VXE_TABLE: 'update_vxe_table',
} as const;

/** One row as a save stored it: the row key (`id`) plus its values. */
export type SyncRow = Readonly<Record<string, unknown>>;

/** `data` of an `update_vxe_table` message. */
export interface TableUpdateData {
  /** Which grid of the page the rows belong to (default `vxe-default`). */
  readonly socketKey: string;
  /** Client id of the grid whose save produced the rows (its `X-Sync-Client`); null if none. */
  readonly senderId: string | null;
  readonly rows: readonly SyncRow[];
}

export type SyncMessage =
  | { readonly type: typeof SyncMessageType.HEART_BEAT; readonly data: unknown }
  | { readonly type: typeof SyncMessageType.COMMON_SEND_DATE; readonly data: unknown }
  | { readonly type: typeof SyncMessageType.UPDATE_VXE_TABLE; readonly data: TableUpdateData };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tableUpdateData(value: unknown): TableUpdateData | null {
  if (!isRecord(value)) return null;
  const { socketKey, senderId, rows } = value;
  if (!isSyncId(socketKey)) return null;
  if (senderId !== null && senderId !== undefined && !isSyncId(senderId)) return null;
  if (!Array.isArray(rows) || !rows.every(isRecord)) return null;
  return { socketKey, senderId: senderId ?? null, rows: rows as SyncRow[] };
}

/**
 * A received text frame as a message, or null when it is not JSON, names an unknown type or
 * carries a malformed `update_vxe_table` payload. Never throws.
 */
export function parseSyncMessage(text: unknown): SyncMessage | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  switch (value.type) {
    case SyncMessageType.HEART_BEAT:
    case SyncMessageType.COMMON_SEND_DATE:
      return { type: value.type, data: value.data };
    case SyncMessageType.UPDATE_VXE_TABLE: {
      const data = tableUpdateData(value.data);
      return data && { type: value.type, data };
    }
    default:
      return null;
  }
}
