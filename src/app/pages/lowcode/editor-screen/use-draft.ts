import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../state/atoms';
import { createDraftStore, NEW_PAGE_KEY, type Draft } from '../model/drafts';
import type { PageDocument } from './use-page-document';

export interface DraftControl {
  /** A draft from an earlier visit that differs from what was loaded, awaiting a decision. */
  readonly pending: Draft | null;
  restore(): void;
  discard(): void;
  /** Forget the draft (after a save or an explicit reload). */
  clear(): void;
}

/**
 * Keeps the unsaved text in the browser while it differs from the stored version, and offers
 * it back when the page is opened again. Nothing is written while an older draft waits for the
 * author's decision, so it cannot be overwritten by accident.
 */
export function useDraft(doc: PageDocument, settledText: string): DraftControl {
  const user = useAtomValue(userAtom);
  const drafts = useMemo(
    () => createDraftStore(globalThis.localStorage ?? null, user?.username ?? ''),
    [user],
  );
  const key = doc.stored?.code ?? NEW_PAGE_KEY;
  const ready = doc.status === 'ready';
  const [decided, setDecided] = useState<string | null>(null);
  const [pending, setPending] = useState<Draft | null>(null);

  useEffect(() => {
    // Once per page (and again if the key changes: a new page got its code).
    if (!ready || decided === key) return;
    const draft = drafts.get(key);
    setPending(draft && draft.text !== doc.baseText ? draft : null);
    setDecided(key);
  }, [ready, decided, key, drafts, doc.baseText]);

  useEffect(() => {
    if (!ready || decided !== key || pending) return;
    if (settledText === doc.baseText) drafts.remove(key);
    else {
      drafts.put(key, {
        text: settledText,
        baseVersion: doc.stored?.version ?? null,
        savedAt: Date.now(),
      });
    }
  }, [ready, decided, key, pending, settledText, doc.baseText, doc.stored, drafts]);

  // Leaving (another tab closed this one, back to the list) writes what the debounce has not.
  const latest = useRef<{ write: () => void }>({ write: () => undefined });
  latest.current.write = () => {
    if (!ready || decided !== key || pending || doc.text === doc.baseText) return;
    drafts.put(key, {
      text: doc.text,
      baseVersion: doc.stored?.version ?? null,
      savedAt: Date.now(),
    });
  };
  useEffect(() => {
    const current = latest.current;
    return () => current.write();
  }, []);

  const { setText } = doc;
  return {
    pending,
    restore: useCallback(() => {
      if (pending) setText(pending.text);
      setPending(null);
    }, [pending, setText]),
    discard: useCallback(() => {
      drafts.remove(key);
      setPending(null);
    }, [drafts, key]),
    clear: useCallback(() => drafts.remove(key), [drafts, key]),
  };
}
