import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Spin } from 'antd';
import Editor from '@monaco-editor/react';
import type { CodeEditorProps } from '../types';
import { configurePageSchema, modelPath, monaco, settleHoverDelegates } from './setup';

type StandaloneEditor = monaco.editor.IStandaloneCodeEditor;

const OWNER = 'page-check';

/** monaco editing one page definition: JSON, the meta-schema, the page check's markers. */
export default function MonacoCodeEditor(props: CodeEditorProps) {
  const { value, onChange, markers, modelName, schema, readOnly, handleRef, label } = props;
  const [editor, setEditor] = useState<StandaloneEditor | null>(null);
  const editorRef = useRef<StandaloneEditor | null>(null);
  configurePageSchema(schema);

  useImperativeHandle(
    handleRef,
    () => ({
      reveal(range) {
        const current = editorRef.current;
        const model = current?.getModel();
        if (!current || !model) return;
        const start = model.getPositionAt(range.start);
        const end = model.getPositionAt(range.end);
        const selection = new monaco.Selection(
          start.lineNumber,
          start.column,
          end.lineNumber,
          end.column,
        );
        current.setSelection(selection);
        current.revealRangeInCenterIfOutsideViewport(selection);
        current.focus();
      },
      focus() {
        editorRef.current?.focus();
      },
    }),
    [],
  );

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      markers.map((marker) => {
        const start = model.getPositionAt(marker.start);
        const end = model.getPositionAt(Math.max(marker.end, marker.start + 1));
        return {
          severity:
            marker.severity === 'error'
              ? monaco.MarkerSeverity.Error
              : monaco.MarkerSeverity.Warning,
          message: marker.message,
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        };
      }),
    );
  }, [editor, markers, value]);

  return (
    <Editor
      path={modelPath(modelName)}
      language="json"
      value={value}
      onChange={(next) => onChange(next ?? '')}
      onMount={(mounted) => {
        settleHoverDelegates();
        mounted.onDidDispose(() => {
          editorRef.current = null;
          setEditor(null);
        });
        editorRef.current = mounted;
        setEditor(mounted);
      }}
      loading={<Spin />}
      options={{
        readOnly,
        ariaLabel: label,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        tabSize: 2,
        scrollBeyondLastLine: false,
        fixedOverflowWidgets: true,
        renderValidationDecorations: 'on',
      }}
    />
  );
}
