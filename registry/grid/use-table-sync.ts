import { useContext, useEffect, useEffectEvent } from 'react';
import { DEFAULT_SOCKET_KEY, isSyncId, type SyncRow } from '../../src/contracts/table-sync';
import { ServicesContext } from '../services';

export interface UseTableSyncOptions {
  /** The page whose saves this grid follows (the socket's pageId); unsafe ids follow nothing. */
  readonly pageId: string | null | undefined;
  /** Which grid of the page (widgets.md §3 socketKey); default `vxe-default`. */
  readonly socketKey?: string;
  /** The grid's `socketReload`; default true. */
  readonly enabled?: boolean;
  /** Rows another client saved; merge them with `applySyncRows` (./sync-merge). */
  readonly onRows: (rows: readonly SyncRow[]) => void;
}

export interface UseTableSyncResult {
  /**
   * Send it as the `X-Sync-Client` header (SYNC_CLIENT_HEADER) on this grid's saves, so the
   * update the save publishes is not applied again here; null when sync is off or unavailable.
   */
  readonly clientId: string | null;
}

/**
 * Follows the live table sync of a page (widgets.md §2.12, §4) through the host's
 * `RendererServices.tableSync`. Without it (tests, the page editor's preview) nothing happens.
 */
export function useTableSync({
  pageId,
  socketKey = DEFAULT_SOCKET_KEY,
  enabled = true,
  onRows,
}: UseTableSyncOptions): UseTableSyncResult {
  const sync = useContext(ServicesContext)?.tableSync;
  const active = enabled && sync !== undefined && isSyncId(pageId) && isSyncId(socketKey);
  const deliver = useEffectEvent((rows: readonly SyncRow[]) => onRows(rows));

  useEffect(() => {
    if (!active || !sync || !pageId) return;
    return sync.subscribe(pageId, socketKey, (rows) => deliver(rows));
  }, [active, sync, pageId, socketKey]);

  return { clientId: active && sync ? sync.clientId : null };
}
