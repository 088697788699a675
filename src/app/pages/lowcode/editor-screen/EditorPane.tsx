import { memo, Suspense } from 'react';
import { Spin, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useCodeEditors } from '../editor/editors-context';
import { EditorErrorBoundary } from '../editor/EditorErrorBoundary';
import PlainCodeEditor from '../editor/PlainCodeEditor';
import type { CodeEditorProps } from '../editor/types';
import type { DraftCheck, LocatedProblem } from '../model/draft-check';

export interface EditorPaneProps extends CodeEditorProps {
  readonly check: DraftCheck | null;
  /** The check is behind the text (the debounce has not fired yet). */
  readonly checking: boolean;
  readonly onReveal: (problem: LocatedProblem) => void;
}

function Status({ check, checking, onReveal }: Omit<EditorPaneProps, keyof CodeEditorProps>) {
  if (checking || !check) {
    return (
      <Typography.Text type="secondary">
        <LoadingOutlined /> 正在检查…
      </Typography.Text>
    );
  }
  if (check.kind === 'ok') {
    return (
      <Typography.Text type="success">
        <CheckCircleFilled /> 定义有效
      </Typography.Text>
    );
  }
  const first = check.problems[0];
  return (
    <Typography.Text type="danger">
      <CloseCircleFilled />{' '}
      {check.kind === 'syntax' ? 'JSON 格式有误' : `${check.problems.length} 处问题`}
      {first && (
        <>
          {'：'}
          <Typography.Link onClick={() => onReveal(first)}>
            {first.line !== null ? `第 ${first.line} 行 ` : ''}
            {first.message}
          </Typography.Link>
        </>
      )}
    </Typography.Text>
  );
}

/** The JSON editor with a one-line status of the check under it. */
export const EditorPane = memo(function EditorPane(props: EditorPaneProps) {
  const { check, checking, onReveal, ...editor } = props;
  const { Editor } = useCodeEditors();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ flex: 1, minHeight: 0, border: '1px solid #f0f0f0' }}>
        <EditorErrorBoundary fallback={<PlainCodeEditor {...editor} />}>
          <Suspense
            fallback={
              <div style={{ padding: 48, textAlign: 'center' }}>
                <Spin /> 正在加载编辑器…
              </div>
            }
          >
            <Editor {...editor} />
          </Suspense>
        </EditorErrorBoundary>
      </div>
      <div
        style={{
          padding: '4px 8px',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
        aria-live="polite"
        data-testid="editor-status"
      >
        <Status check={check} checking={checking} onReveal={onReveal} />
      </div>
    </div>
  );
});
