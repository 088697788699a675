import { useCallback, useState } from 'react';
import { App } from 'antd';
import type { PageDefinition } from '../../../../contracts/page';
import type { StoredPageResult } from '../../../../contracts/page-api';
import type { RendererRegistry } from '../../../../../registry/registry';
import { checkDraft, locateInText, type LocatedProblem } from '../model/draft-check';
import type { PageStore } from '../model/page-store';
import { classifyRefusal } from '../model/refusal';

/** What the save dialog shows: the SQL the save runs and the columns it would drop. */
export interface SavePlan {
  readonly definition: PageDefinition;
  readonly ddl: readonly string[];
  readonly dropColumns: readonly string[];
  /** The server's word when it refused the previous attempt (e.g. drops not confirmed). */
  readonly notice: string | null;
}

export interface Refused {
  readonly title: string;
  readonly problems: readonly LocatedProblem[];
}

export interface Stale {
  /** The version the server holds now. */
  readonly currentVersion: number;
  /** The version the editor text was based on. */
  readonly baseVersion: number;
  readonly message: string;
}

export interface SaveFlow {
  readonly busy: 'checking' | 'saving' | null;
  /** Non-null while the save dialog is open. */
  readonly plan: SavePlan | null;
  /** Non-null when the save was refused with problems (shown with their places). */
  readonly refused: Refused | null;
  /** Non-null when someone saved a newer version since the text was loaded. */
  readonly stale: Stale | null;
  /** Server problems of the last attempt, for the editor markers (until the text changes). */
  readonly serverProblems: {
    readonly text: string;
    readonly problems: readonly LocatedProblem[];
  } | null;
  start(): Promise<void>;
  confirm(note: string, confirmDropColumns: readonly string[]): Promise<void>;
  cancel(): void;
  closeRefused(): void;
  closeStale(): void;
  /** Another call (a rollback) learnt that the server holds a newer version. */
  reportStale(stale: Stale): void;
}

export interface SaveFlowDeps {
  readonly store: PageStore;
  readonly registry: RendererRegistry;
  readonly text: string;
  /** The stored page being edited; null when creating. */
  readonly stored: StoredPageResult | null;
  readonly canSave: boolean;
  readonly onSaved: (result: StoredPageResult) => void;
}

/**
 * Saving: the text must be valid JSON and a valid page (else the reasons, nothing sent);
 * the server's dry run comes first (its problems, the SQL, columns it would drop); then the
 * save with an optional note and exactly the drops the author confirmed. Refusals keep the
 * text: problems are listed where they are, unconfirmed drops reopen the confirmation, a
 * newer version offers reload or compare.
 */
export function useSaveFlow(deps: SaveFlowDeps): SaveFlow {
  const { store, registry, text, stored, canSave, onSaved } = deps;
  const { message } = App.useApp();
  const [busy, setBusy] = useState<SaveFlow['busy']>(null);
  const [plan, setPlan] = useState<SavePlan | null>(null);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [stale, setStale] = useState<Stale | null>(null);
  const [serverProblems, setServerProblems] = useState<SaveFlow['serverProblems']>(null);

  const refuse = useCallback(
    (title: string, problems: readonly LocatedProblem[], server: boolean) => {
      setRefused({ title, problems });
      if (server) setServerProblems({ text, problems });
    },
    [text],
  );

  const start = useCallback(async () => {
    if (busy || plan) return;
    if (!canSave) {
      void message.warning('没有保存页面的权限');
      return;
    }
    setServerProblems(null);
    const check = checkDraft(text, registry.catalogue);
    if (check.kind === 'syntax') return refuse('无法保存：JSON 格式有误', check.problems, false);
    if (check.kind === 'invalid') {
      return refuse(`无法保存：页面定义有 ${check.problems.length} 处问题`, check.problems, false);
    }
    if (stored && check.definition.code !== stored.code) {
      const problems = locateInText(
        [{ path: '/code', message: `不能修改页面编码（原编码 ${stored.code}）` }],
        text,
      );
      return refuse('无法保存：页面编码不能修改', problems, false);
    }
    setBusy('checking');
    const dryRun = await store.validate(check.definition, stored?.code);
    setBusy(null);
    if (!dryRun.ok) {
      if (!dryRun.presented) void message.error(dryRun.message);
      return;
    }
    if (dryRun.result.problems.length > 0) {
      const problems = locateInText(dryRun.result.problems, text);
      return refuse(`无法保存：服务器发现 ${problems.length} 处问题`, problems, true);
    }
    setPlan({
      definition: check.definition,
      ddl: dryRun.result.ddl,
      dropColumns: dryRun.result.dropColumns,
      notice: null,
    });
  }, [busy, plan, canSave, message, text, registry, stored, store, refuse]);

  const confirm = useCallback(
    async (note: string, confirmDropColumns: readonly string[]) => {
      if (!plan || busy) return;
      setBusy('saving');
      const request = {
        definition: plan.definition,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(confirmDropColumns.length > 0 ? { confirmDropColumns } : {}),
      };
      const outcome = stored
        ? await store.edit({ ...request, baseVersion: stored.version })
        : await store.add(request);
      setBusy(null);
      if (outcome.ok) {
        setPlan(null);
        onSaved(outcome.result);
        void message.success(`已保存，当前版本 ${outcome.result.version}`);
        return;
      }
      const refusal = classifyRefusal(outcome);
      if (refusal.kind === 'drops') {
        setPlan({ ...plan, dropColumns: refusal.dropColumns, notice: refusal.message });
      } else if (refusal.kind === 'problems') {
        setPlan(null);
        refuse(refusal.message, locateInText(refusal.problems, text), true);
      } else if (refusal.kind === 'stale') {
        setPlan(null);
        setStale({
          currentVersion: refusal.currentVersion,
          baseVersion: stored?.version ?? 0,
          message: refusal.message,
        });
      } else if (!refusal.presented) {
        // The dialog stays open with the note: the author may try again.
        void message.error(refusal.message);
      }
    },
    [plan, busy, stored, store, onSaved, message, refuse, text],
  );

  return {
    busy,
    plan,
    refused,
    stale,
    serverProblems,
    start,
    confirm,
    cancel: useCallback(() => setPlan(null), []),
    closeRefused: useCallback(() => setRefused(null), []),
    closeStale: useCallback(() => setStale(null), []),
    reportStale: useCallback((next: Stale) => setStale(next), []),
  };
}
