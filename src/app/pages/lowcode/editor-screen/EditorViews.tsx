import { lazy, Suspense, useCallback, useState, type ComponentProps } from 'react';
import { Segmented, Spin } from 'antd';
import type { RendererRegistry } from '../../../../../registry/registry';
import { EditorPane } from './EditorPane';

// The designer loads the first time 设计 is chosen: the JSON editor's screen does not carry it.
const DesignerView = lazy(() => import('../designer/DesignerView'));

export type EditorView = 'json' | 'design';

/** A problem to show (`serial` counts the clicks, so the same problem can be shown again). */
export interface RevealRequest {
  readonly path: string;
  readonly serial: number;
}

const VIEW_KEY = 'sa-page-editor-view';

/** The view last chosen (in this browser): an administrator who designs opens pages in 设计. */
function useRememberedView(): [EditorView, (view: EditorView) => void] {
  const [view, setView] = useState<EditorView>(() => {
    try {
      return globalThis.localStorage?.getItem(VIEW_KEY) === 'design' ? 'design' : 'json';
    } catch {
      return 'json';
    }
  });
  const choose = useCallback((next: EditorView) => {
    setView(next);
    try {
      globalThis.localStorage?.setItem(VIEW_KEY, next);
    } catch {
      // Storage blocked: the choice holds for this editor only.
    }
  }, []);
  return [view, choose];
}

export interface EditorViewsProps {
  readonly pane: ComponentProps<typeof EditorPane>;
  readonly registry: RendererRegistry;
  readonly setText: (text: string, group: string | null) => void;
  /** A page not created yet (the designer offers 从表生成). */
  readonly isNew: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  readonly revealed: RevealRequest | null;
}

/**
 * The two views of one draft: JSON (monaco) and 设计 (the designer). Switching loses nothing:
 * both read and write the same text, and the JSON editor stays mounted (hidden) while the
 * designer is shown, so its cursor and scroll are where they were.
 */
export function EditorViews({
  pane,
  registry,
  setText,
  isNew,
  revealed,
  ...history
}: EditorViewsProps) {
  const [view, setView] = useRememberedView();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ padding: '4px 8px', borderBottom: '1px solid #f0f0f0' }}>
        <Segmented<EditorView>
          size="small"
          aria-label="编辑方式"
          value={view}
          onChange={setView}
          options={[
            { value: 'design', label: '设计' },
            { value: 'json', label: 'JSON' },
          ]}
        />
      </div>
      <div style={{ flex: 1, minHeight: 0, display: view === 'json' ? 'block' : 'none' }}>
        <EditorPane {...pane} onUndo={history.onUndo} onRedo={history.onRedo} />
      </div>
      {view === 'design' && (
        <div style={{ flex: 1, minHeight: 0 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
            <DesignerView
              text={pane.value}
              onChange={setText}
              registry={registry}
              readOnly={pane.readOnly}
              isNew={isNew}
              {...history}
              revealed={revealed}
              onShowJson={() => setView('json')}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
