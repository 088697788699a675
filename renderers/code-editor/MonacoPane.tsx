import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import Editor from '@monaco-editor/react';
import type { monaco } from '../shared/monaco/setup';
import { settleHoverDelegates } from '../shared/monaco/setup';
import '../shared/monaco/basic-languages';
import type { CodePaneProps } from './pane';

type StandaloneEditor = monaco.editor.IStandaloneCodeEditor;

/**
 * monaco in the code editor's frame: the shared instance (one chunk with the page editor).
 * The editor owns its text: `value` replaces it only when it is not the echo of what was typed
 * here (a controlled editor would reset the text to a late echo and drop keystrokes).
 */
export default function MonacoPane(props: CodePaneProps) {
  const { value, onChange, language, readOnly, tabSize, label, autoFocus } = props;
  const [editor, setEditor] = useState<StandaloneEditor | null>(null);
  const typed = useRef<string | null>(null);

  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    if (value === model.getValue() || value === typed.current) return;
    typed.current = null;
    if (readOnly) {
      model.setValue(value);
    } else {
      editor.executeEdits('value', [{ range: model.getFullModelRange(), text: value }]);
      editor.pushUndoStop();
    }
  }, [editor, value, readOnly]);

  return (
    <Editor
      height="100%"
      language={language}
      defaultValue={value}
      onChange={(next) => {
        typed.current = next ?? '';
        onChange(next ?? '');
      }}
      onMount={(mounted) => {
        settleHoverDelegates();
        mounted.onDidDispose(() => setEditor(null));
        setEditor(mounted);
        if (autoFocus) mounted.focus();
      }}
      loading={<Spin />}
      options={{
        readOnly,
        ariaLabel: label,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        tabSize,
        insertSpaces: true,
        detectIndentation: false,
        scrollBeyondLastLine: false,
        fixedOverflowWidgets: true,
      }}
    />
  );
}
