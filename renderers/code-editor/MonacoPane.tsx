import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import Editor from '@monaco-editor/react';
import type { monaco } from '../shared/monaco/setup';
import { settleHoverDelegates } from '../shared/monaco/setup';
import '../shared/monaco/basic-languages';
import type { CodePaneProps } from './pane';

type StandaloneEditor = monaco.editor.IStandaloneCodeEditor;

/** How many recent texts typed here are recognised as echoes. */
const TYPED_KEPT = 50;

/**
 * monaco in the code editor's frame: the shared instance (one chunk with the page editor).
 * The editor owns its text: `value` replaces it only when it is not the echo of something typed
 * here (a form re-renders behind the typing; a controlled editor would reset the text to a late
 * echo and drop keystrokes). `null` leaves the editor alone.
 */
export default function MonacoPane(props: CodePaneProps) {
  const { value, onChange, language, readOnly, tabSize, label, autoFocus } = props;
  const [editor, setEditor] = useState<StandaloneEditor | null>(null);
  /** Texts handed to `onChange` since the value last caught up with the editor. */
  const typed = useRef<string[]>([]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || value === null) return;
    if (value === model.getValue()) {
      typed.current = [];
      return;
    }
    if (typed.current.includes(value)) return; // a late echo of typing: the editor is ahead
    typed.current = [];
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
      defaultValue={value ?? ''}
      onChange={(next) => {
        const text = next ?? '';
        typed.current = [...typed.current.slice(-(TYPED_KEPT - 1)), text];
        onChange(text);
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
