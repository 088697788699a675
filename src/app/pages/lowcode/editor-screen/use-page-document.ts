import { useCallback, useEffect, useRef, useState } from 'react';
import {
  canRedo,
  canUndo,
  record,
  redo as redoStep,
  seal,
  startHistory,
  undo as undoStep,
  type TextHistory,
} from '../../../../contracts/designer/history';
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
  /**
   * A change of the text. Changes of one `group` in a row make one undo step (default
   * `json`: the keystrokes of one pause in the JSON view); `null` makes a step of its own.
   */
  setText(text: string, group?: string | null): void;
  /** The shared history of both views (JSON and 设计). */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  undo(): void;
  redo(): void;
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
  readonly history: TextHistory;
}

/** A pause this long ends a group of keystrokes: the next ones are a new undo step. */
export const UNDO_GROUP_PAUSE_MS = 1000;

function initial(code: string | null): State {
  if (code) {
    return {
      status: 'loading',
      loadError: null,
      stored: null,
      baseText: '',
      text: '',
      history: startHistory(''),
    };
  }
  const text = textOf(newPageTemplate());
  return {
    status: 'ready',
    loadError: null,
    stored: null,
    baseText: text,
    text,
    history: startHistory(text),
  };
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
    setState({
      status: 'ready',
      loadError: null,
      stored: outcome.result,
      baseText: text,
      text,
      history: startHistory(text),
    });
  }, [store, code]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const pause = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(pause.current ?? undefined), []);
  const setText = useCallback((text: string, group: string | null = 'json') => {
    setState((s) => ({ ...s, text, history: record(s.history, text, group) }));
    clearTimeout(pause.current ?? undefined);
    pause.current = setTimeout(
      () => setState((s) => ({ ...s, history: seal(s.history) })),
      UNDO_GROUP_PAUSE_MS,
    );
  }, []);
  const undo = useCallback(
    () =>
      setState((s) => {
        const history = undoStep(s.history);
        return { ...s, history, text: history.present };
      }),
    [],
  );
  const redo = useCallback(
    () =>
      setState((s) => {
        const history = redoStep(s.history);
        return { ...s, history, text: history.present };
      }),
    [],
  );

  const adopt = useCallback((result: StoredPageResult, mode: AdoptMode) => {
    setState((s) => {
      const base = textOf(result.definition);
      const keep =
        mode === 'keep' || (mode === 'keep-if-same' && sameJson(s.text, result.definition));
      const baseText = keep && mode === 'keep-if-same' ? s.text : base;
      const text = keep ? s.text : base;
      return {
        status: 'ready',
        loadError: null,
        stored: result,
        baseText,
        text,
        // A rollback or a reload of a newer version is a step back out of, like any change.
        history: record(s.history, text),
      };
    });
  }, []);

  const { history, ...rest } = state;
  return {
    ...rest,
    dirty: state.text !== state.baseText,
    setText,
    reload,
    adopt,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    undo,
    redo,
  };
}
