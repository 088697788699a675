import { useCallback, useEffect, useState } from 'react';
import type { StoredPageResult } from '../../../../contracts/page-api';
import { formatJson, sameJson } from '../model/draft-check';
import { inSchemaOrder } from '../model/key-order';
import type { PageStore } from '../model/page-store';
import { newPageTemplate } from '../model/template';

/** The editor text of a stored definition: schema key order, two-space indent. */
export function textOf(definition: unknown): string {
  return formatJson(inSchemaOrder(definition));
}

/**
 * How a stored version becomes the editor's base: `replace` the text with it, `keep` the
 * text (it becomes a change against the new base), or keep it only when it holds the same
 * JSON (after a save: no jump of the cursor when nothing differs).
 */
export type AdoptMode = 'replace' | 'keep' | 'keep-if-same';

export interface PageDocument {
  readonly status: 'loading' | 'ready' | 'error';
  readonly loadError: string | null;
  /** The stored page the text is based on; null for a page not created yet. */
  readonly stored: StoredPageResult | null;
  /** The text of `stored` (or of the template). */
  readonly baseText: string;
  readonly text: string;
  readonly dirty: boolean;
  setText(text: string): void;
  /** Loads the stored page again and replaces the text. */
  reload(): Promise<void>;
  adopt(result: StoredPageResult, mode: AdoptMode): void;
}

interface State {
  readonly status: PageDocument['status'];
  readonly loadError: string | null;
  readonly stored: StoredPageResult | null;
  readonly baseText: string;
  readonly text: string;
}

function initial(code: string | null): State {
  if (code) return { status: 'loading', loadError: null, stored: null, baseText: '', text: '' };
  const text = textOf(newPageTemplate());
  return { status: 'ready', loadError: null, stored: null, baseText: text, text };
}

/** The definition being edited: what is stored, what is typed, loading and adopting versions. */
export function usePageDocument(store: PageStore, code: string | null): PageDocument {
  const [state, setState] = useState<State>(() => initial(code));

  const reload = useCallback(async () => {
    if (!code) return;
    setState((s) => ({ ...s, status: s.stored ? s.status : 'loading', loadError: null }));
    const outcome = await store.queryByCode(code);
    if (!outcome.ok) {
      setState((s) =>
        s.stored ? s : { ...s, status: 'error', loadError: outcome.message || '页面加载失败' },
      );
      return;
    }
    const text = textOf(outcome.result.definition);
    setState({ status: 'ready', loadError: null, stored: outcome.result, baseText: text, text });
  }, [store, code]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setText = useCallback((text: string) => setState((s) => ({ ...s, text })), []);

  const adopt = useCallback((result: StoredPageResult, mode: AdoptMode) => {
    setState((s) => {
      const base = textOf(result.definition);
      const keep =
        mode === 'keep' || (mode === 'keep-if-same' && sameJson(s.text, result.definition));
      const baseText = keep && mode === 'keep-if-same' ? s.text : base;
      return {
        status: 'ready',
        loadError: null,
        stored: result,
        baseText,
        text: keep ? s.text : base,
      };
    });
  }, []);

  return { ...state, dirty: state.text !== state.baseText, setText, reload, adopt };
}
