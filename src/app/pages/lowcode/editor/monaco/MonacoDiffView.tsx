import { Spin, Typography } from 'antd';
import { DiffEditor } from '@monaco-editor/react';
import type { DiffViewProps } from '../types';
import './setup';

/** Two versions of a definition side by side (inline when the space is narrow). */
export default function MonacoDiffView({
  original,
  modified,
  originalLabel,
  modifiedLabel,
}: DiffViewProps) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ display: 'flex' }}>
        <Typography.Text strong style={{ flex: 1 }}>
          {originalLabel}
        </Typography.Text>
        <Typography.Text strong style={{ flex: 1 }}>
          {modifiedLabel}
        </Typography.Text>
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <DiffEditor
          // @monaco-editor/react would dispose the models before the diff editor (monaco then
          // throws "TextModel got disposed before DiffEditorWidget model got reset"): the
          // models are kept and disposed here once the editor is gone.
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          onMount={(editor) => {
            const models = editor.getModel();
            editor.onDidDispose(() => {
              models?.original.dispose();
              models?.modified.dispose();
            });
          }}
          language="json"
          original={original}
          modified={modified}
          loading={<Spin />}
          options={{
            readOnly: true,
            originalEditable: false,
            automaticLayout: true,
            minimap: { enabled: false },
            fontSize: 12,
            scrollBeyondLastLine: false,
            useInlineViewWhenSpaceIsLimited: true,
          }}
        />
      </div>
    </div>
  );
}
