/**
 * Unsaved editor text kept in the browser, so closing a tab, reloading or a crash loses
 * nothing: one draft per user and page (`(new)` for a page not created yet), written while
 * the text differs from the stored version and removed once it is saved or discarded.
 */

export const NEW_PAGE_KEY = '(new)';
const PREFIX = 'lowcode-page-draft:';

export interface Draft {
  readonly text: string;
  /** The stored version the text started from (null for a new page). */
  readonly baseVersion: number | null;
  /** Epoch ms of the last write. */
  readonly savedAt: number;
}

export interface DraftStore {
  get(page: string): Draft | null;
  put(page: string, draft: Draft): void;
  remove(page: string): void;
}

function isDraft(value: unknown): value is Draft {
  if (!value || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.text === 'string' &&
    (d.baseVersion === null || typeof d.baseVersion === 'number') &&
    typeof d.savedAt === 'number'
  );
}

export function createDraftStore(storage: Storage | null, user: string): DraftStore {
  const key = (page: string) => `${PREFIX}${user}:${page}`;
  return {
    get(page) {
      try {
        const raw = storage?.getItem(key(page));
        const value: unknown = raw ? JSON.parse(raw) : null;
        return isDraft(value) ? value : null;
      } catch {
        return null;
      }
    },
    put(page, draft) {
      try {
        storage?.setItem(key(page), JSON.stringify(draft));
      } catch {
        // Storage full or blocked: the text is still in the editor.
      }
    },
    remove(page) {
      try {
        storage?.removeItem(key(page));
      } catch {
        // Nothing to do.
      }
    },
  };
}
