import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { Button, Select, Spin, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import {
  CODE_CONTENT_DELAY_MS,
  CODE_TAB_SIZE,
  type CodeLanguage,
} from '../../src/contracts/catalogue/entries/code-editor';
import { LANGUAGE_OPTIONS, monacoLanguageOf } from './languages';
import '../shared/editor-fullscreen.css';

/** monaco loads with the first code editor shown (the page editor's chunk, shared). */
const MonacoPane = lazy(() => import('./MonacoPane'));

export const LABEL_FULLSCREEN = '全屏';
export const LABEL_EXIT_FULLSCREEN = '退出全屏';
export const LABEL_LANGUAGE = '语言';

export interface CodeEditorBoxProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly language: CodeLanguage;
  /** Shows the language selector. */
  readonly languageChange: boolean;
  /** Shows the fullscreen toggle. */
  readonly fullScreen: boolean;
  readonly height: number;
  /** z-index of the fullscreen overlay. */
  readonly zIndex: number;
  readonly readOnly: boolean;
  readonly label?: string;
  readonly autoFocus?: boolean;
}

const frame: CSSProperties = {
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  background: '#fff',
};

/**
 * The code editor's frame (widgets.md §2.3, §9): an optional bar with the language selector
 * and the fullscreen toggle, and monaco (tab size 2) below it. The value is put into the editor
 * 300 ms after the frame mounts (what was typed before then is kept); later values replace the
 * text as they come, except echoes of the typing. Fullscreen covers
 * the window at `zIndex` (Esc leaves it).
 */
export function CodeEditorBox(props: CodeEditorBoxProps) {
  const [language, setLanguage] = useState<CodeLanguage>(props.language);
  const [full, setFull] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => setLanguage(props.language), [props.language]);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), CODE_CONTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const style: CSSProperties = full
    ? { ...frame, position: 'fixed', inset: 0, zIndex: props.zIndex, borderRadius: 0 }
    : frame;
  const showBar = props.languageChange || props.fullScreen;
  const fullLabel = full ? LABEL_EXIT_FULLSCREEN : LABEL_FULLSCREEN;

  return (
    <div
      className="code-editor"
      data-fullscreen={full || undefined}
      style={style}
      onKeyDown={(event) => {
        if (full && event.key === 'Escape') {
          // Leaves fullscreen only: the dialog around the editor stays open.
          event.stopPropagation();
          setFull(false);
        }
      }}
    >
      {showBar && (
        <div
          style={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 8,
            padding: '4px 8px',
            borderBottom: '1px solid #f0f0f0',
            background: '#fafafa',
          }}
        >
          {props.languageChange && (
            <Select<CodeLanguage>
              size="small"
              aria-label={LABEL_LANGUAGE}
              style={{ width: 140 }}
              value={language}
              showSearch
              virtual={false}
              options={LANGUAGE_OPTIONS.map((option) => ({ ...option }))}
              onChange={setLanguage}
            />
          )}
          {props.fullScreen && (
            <Tooltip title={fullLabel}>
              <Button
                size="small"
                type="text"
                aria-label={fullLabel}
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={() => setFull(!full)}
              />
            </Tooltip>
          )}
        </div>
      )}
      <div
        className="code-editor-body"
        style={full ? { flex: 1, minHeight: 0 } : { height: props.height }}
      >
        <Suspense fallback={<Spin style={{ margin: 16 }} />}>
          <MonacoPane
            value={ready ? props.value : null}
            onChange={props.onChange}
            language={monacoLanguageOf(language)}
            readOnly={props.readOnly}
            tabSize={CODE_TAB_SIZE}
            label={props.label}
            autoFocus={props.autoFocus}
          />
        </Suspense>
      </div>
    </div>
  );
}
