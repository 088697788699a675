import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Spin } from 'antd';
import Editor from '@monaco-editor/react';
import type { CodeEditorProps } from '../types';
import { configurePageSchema, modelPath, monaco, settleHoverDelegates } from './setup';

type StandaloneEditor = monaco.editor.IStandaloneCodeEditor;

const OWNER = 'page-check';
/** How many recent texts typed here are recognised as echoes. */
const TYPED_KEPT = 50;

/**
 * monaco editing one page definition: JSON, the meta-schema, the page check's markers.
 *
 * The editor owns its text. A `value` that is only the echo of text typed here (the screen
 * re-renders behind the typing, each check of the draft taking a while) is not pushed back:
 * a controlled editor would reset the text to the late echo and drop or reorder keystrokes.
 * Any other value (a load, a rollback, a reformat) replaces the text as one undoable edit.
 */
export default function MonacoCodeEditor(props: CodeEditorProps) {
  const { value, onChange, markers, modelName, schema, readOnly, handleRef, label } = props;
  const history = useRef({ undo: props.onUndo, redo: props.onRedo });
  history.current = { undo: props.onUndo, redo: props.onRedo };
  const [editor, setEditor] = useState<StandaloneEditor | null>(null);
  const editorRef = useRef<StandaloneEditor | null>(null);
  /** Texts handed to `onChange` since the screen last caught up with the editor. */
  const typed = useRef<string[]>([]);
  configurePageSchema(schema);

  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    const text = model.getValue();
    if (value === text) {
      typed.current = [];
      return;
    }
    if (typed.current.includes(value)) return; // a late echo of typing: the editor is ahead
    typed.current = [];
    if (readOnly) {
      model.setValue(value);
    } else {
      editor.executeEdits('screen', [{ range: model.getFullModelRange(), text: value }]);
      editor.pushUndoStop();
    }
  }, [editor, value, modelName, readOnly]);

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
      defaultValue={value}
      onChange={(next) => {
        const text = next ?? '';
        // A screen lags a few keystrokes at most; older echoes are not kept.
        typed.current = [...typed.current.slice(-(TYPED_KEPT - 1)), text];
        onChange(text);
      }}
      onMount={(mounted) => {
        settleHoverDelegates();
        mounted.onDidDispose(() => {
          editorRef.current = null;
          setEditor(null);
        });
        // The screen's history, shared with the designer: what it gives back is a new value,
        // never an echo of typing.
        const step = (which: 'undo' | 'redo') => () => {
          const own = history.current[which];
          if (!own) return void mounted.trigger('keyboard', which, null);
          typed.current = [];
          own();
        };
        const { KeyMod, KeyCode } = monaco;
        mounted.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, step('undo'));
        mounted.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, step('redo'));
        mounted.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, step('redo'));
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
