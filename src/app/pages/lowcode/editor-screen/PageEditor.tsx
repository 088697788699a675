import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Result } from 'antd';
import { useAtomValue } from 'jotai';
import type { RendererRegistry } from '../../../../../registry/registry';
import type { StoredPageResult } from '../../../../contracts/page-api';
import { usePermissions } from '../../../permissions/Authorized';
import { useServices } from '../../../services';
import { settingsAtom, viewportAtom } from '../../../state/atoms';
import { useTabTitle } from '../../../tabs/use-tab-title';
import { PageLoading } from '../../PageLoading';
import type { CodeEditorHandle, EditorMarker } from '../editor/types';
import { checkDraft, formatText, type LocatedProblem } from '../model/draft-check';
import { editorSchema } from '../model/editor-schema';
import { createPageStore } from '../model/page-store';
import { tableSignature } from '../model/tables';
import { PreviewPane } from '../preview/PreviewPane';
import { useAppRegistry } from '../../use-app-registry';
import { DraftNotice } from './DraftNotice';
import { EditorDialogs } from './EditorDialogs';
import { EditorViews, type RevealRequest } from './EditorViews';
import { EditorToolbar } from './EditorToolbar';
import { useDebounced } from './use-debounced';
import { useDraft } from './use-draft';
import { usePageDocument } from './use-page-document';
import { useSaveFlow } from './use-save-flow';
import { useUnsavedWarning } from './use-unsaved-warning';
import { Workspace, type WorkspaceTab } from './Workspace';

/** Delay between the last keystroke and the check + preview. */
export const PREVIEW_DELAY_MS = 500;

export interface PageEditorProps {
  /** The stored page to edit; null creates a new one from the template. */
  readonly code: string | null;
  readonly onBack: () => void;
  /** A new page was created under this code. */
  readonly onCreated: (code: string) => void;
}

function toMarkers(problems: readonly LocatedProblem[]): EditorMarker[] {
  return problems.flatMap((p) =>
    p.range
      ? [
          {
            start: p.range.start,
            end: p.range.end,
            message: `${p.path}：${p.message}`,
            severity: 'error' as const,
          },
        ]
      : [],
  );
}

/** 页面配置's editor: JSON beside a live preview, save with versions, history, add to menu. */
export function PageEditor(props: PageEditorProps) {
  // Pages are checked and previewed with the app's registry: its chunk loads first.
  const registry = useAppRegistry();
  return registry ? <EditorWithRegistry {...props} registry={registry} /> : <PageLoading />;
}

function EditorWithRegistry({
  code,
  onBack,
  onCreated,
  registry,
}: PageEditorProps & { readonly registry: RendererRegistry }) {
  const services = useServices();
  const { can } = usePermissions();
  const { message, modal } = App.useApp();
  const viewport = useAtomValue(viewportAtom);
  const { multipage } = useAtomValue(settingsAtom);
  const store = useMemo(() => createPageStore(services.http), [services.http]);
  const doc = usePageDocument(store, code);
  // Typing waits for a pause; text that was just loaded, saved or rolled back is checked at
  // once (else the preview would first show the text from before the load), and becomes what
  // the preview shows while the first keystrokes after it wait (not the empty text before it).
  const settled = useDebounced(doc.text, PREVIEW_DELAY_MS, !doc.dirty);
  const ready = doc.status === 'ready';
  const check = useMemo(
    () => (ready ? checkDraft(settled, registry.catalogue) : null),
    [ready, settled, registry],
  );
  const schema = useMemo(() => editorSchema(registry.types()), [registry]);
  const draft = useDraft(doc, settled);
  useUnsavedWarning(doc.dirty);

  const stored = doc.stored;
  // A new page that was just created is about to be replaced by the editor of its code (its tab
  // moves to `?code=`): a dialog opened here would vanish with it, so those wait for that editor.
  const settledStored = code === null ? null : stored;
  const canSave = can(stored ? 'lowcode:page:edit' : 'lowcode:page:add');
  const handle = useRef<CodeEditorHandle | null>(null);
  const [tab, setTab] = useState<WorkspaceTab>('edit');
  // One editor model per editor instance: a tab that replaces another (a new page that got its
  // code) must not share, and then lose, the model of the one going away.
  const [modelName] = useState(() => `${code ?? 'new'}-${Math.random().toString(36).slice(2, 8)}`);
  const [dialog, setDialog] = useState<'history' | 'menu' | null>(null);
  useTabTitle(stored ? `页面：${stored.definition.title}` : code ? null : '新增页面');

  const { adopt } = doc;
  const { clear: clearDraft } = draft;
  const onSaved = useCallback(
    (result: StoredPageResult) => {
      clearDraft();
      adopt(result, 'keep-if-same');
      if (!stored) onCreated(result.code);
    },
    [clearDraft, adopt, stored, onCreated],
  );
  const flow = useSaveFlow({ store, registry, text: doc.text, stored, canSave, onSaved });

  // The problem last clicked: the designer opens its place (problem-place.ts), the JSON view
  // selects its text.
  const [revealed, setRevealed] = useState<RevealRequest | null>(null);
  const reveal = useCallback((problem: LocatedProblem) => {
    setTab('edit');
    setRevealed((last) => ({ path: problem.path, serial: (last?.serial ?? 0) + 1 }));
    const range = problem.range;
    if (!range) return;
    // After the 编辑 tab is visible again (phones).
    setTimeout(() => handle.current?.reveal(range), 0);
  }, []);

  const markers = useMemo(() => {
    const own = check && check.kind !== 'ok' ? check.problems : [];
    const server = flow.serverProblems?.text === doc.text ? flow.serverProblems.problems : [];
    return toMarkers([...own, ...server]);
  }, [check, flow.serverProblems, doc.text]);

  if (doc.status === 'loading') return <PageLoading tip="正在加载页面定义…" />;
  if (doc.status === 'error') {
    return (
      <Result
        status="warning"
        title="页面定义加载失败"
        subTitle={doc.loadError}
        extra={[
          <Button key="retry" type="primary" onClick={() => void doc.reload()}>
            重试
          </Button>,
          <Button key="back" onClick={onBack}>
            返回列表
          </Button>,
        ]}
      />
    );
  }

  const live =
    stored !== null &&
    check?.kind === 'ok' &&
    tableSignature(check.definition) === tableSignature(stored.definition);
  const title =
    check?.kind === 'ok' ? check.definition.title : (stored?.definition.title ?? '新页面');
  const save = () => void flow.start();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (canSave) save();
    }
  };
  const back = () => {
    // With tabs the editor stays open in its own tab; without, leaving unmounts it.
    if (!doc.dirty || multipage) return onBack();
    modal.confirm({
      title: '有未保存的修改，确定返回列表？',
      content: '修改会作为草稿保留在本机，下次打开这个页面时可以恢复。',
      okText: '返回列表',
      cancelText: '继续编辑',
      onOk: onBack,
    });
  };
  const format = () => {
    const formatted = formatText(doc.text);
    if (formatted === null) void message.error('JSON 格式有误，无法格式化');
    else doc.setText(formatted);
  };

  return (
    <div onKeyDown={onKeyDown} data-testid="page-editor">
      <EditorToolbar
        title={title}
        code={stored?.code ?? null}
        version={stored?.version ?? null}
        updateBy={stored?.updateBy ?? null}
        updateTime={stored?.updateTime ?? null}
        dirty={doc.dirty}
        readOnly={!canSave}
        compact={viewport === 'mobile'}
        saving={flow.busy !== null}
        onSave={canSave ? save : null}
        onHistory={settledStored && can('lowcode:page:list') ? () => setDialog('history') : null}
        onAddToMenu={settledStored && can('lowcode:page:menu') ? () => setDialog('menu') : null}
        onFormat={format}
        onBack={back}
      />
      {draft.pending && (
        <DraftNotice
          draft={draft.pending}
          version={stored?.version ?? null}
          onRestore={() => {
            const { baseVersion } = draft.pending!;
            draft.restore();
            if (stored && baseVersion !== null && baseVersion !== stored.version) {
              flow.reportStale({
                currentVersion: stored.version,
                baseVersion,
                message: `草稿基于版本 ${baseVersion}，此后页面已保存到版本 ${stored.version}。`,
              });
            }
          }}
          onDiscard={draft.discard}
        />
      )}
      <Workspace
        viewport={viewport}
        tab={tab}
        onTab={setTab}
        problemCount={check && check.kind !== 'ok' ? check.problems.length : 0}
        editor={
          <EditorViews
            registry={registry}
            setText={doc.setText}
            isNew={!stored}
            canUndo={doc.canUndo}
            canRedo={doc.canRedo}
            onUndo={doc.undo}
            onRedo={doc.redo}
            revealed={revealed}
            pane={{
              value: doc.text,
              onChange: doc.setText,
              markers,
              modelName,
              schema,
              readOnly: !canSave,
              handleRef: handle,
              label: '页面定义（JSON）',
              check,
              checking: settled !== doc.text,
              onReveal: reveal,
            }}
          />
        }
        preview={<PreviewPane check={check} live={live} registry={registry} onReveal={reveal} />}
      />
      <EditorDialogs
        store={store}
        doc={doc}
        flow={flow}
        dialog={dialog}
        onCloseDialog={() => setDialog(null)}
        canRollback={can('lowcode:page:edit')}
        mobile={viewport === 'mobile'}
        onReveal={reveal}
        onReloaded={clearDraft}
      />
    </div>
  );
}
