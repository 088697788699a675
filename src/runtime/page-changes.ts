/**
 * "A page definition changed": the page editor and designer announce each save, rollback and
 * delete; open views of that page read their definition again, so a tab that shows the page
 * shows what was just saved. Other browser tabs of the same site hear it through a
 * BroadcastChannel where the browser has one.
 */

type Listener = (code: string) => void;

const CHANNEL = 'schema-admin:page-changes';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function notify(code: string): void {
  for (const listener of [...listeners]) listener(code);
}

function sharedChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') notify(event.data);
    });
  }
  return channel;
}

/** Tells this tab's and the other tabs' views of page `code` that its definition changed. */
export function announcePageChange(code: string): void {
  notify(code);
  sharedChannel()?.postMessage(code);
}

/** Calls `listener` with the code of each changed page; returns the unsubscribe. */
export function onPageChange(listener: Listener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
