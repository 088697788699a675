import { Spin } from 'antd';
import Editor from '@monaco-editor/react';
// PostgreSQL highlighting only (a tokenizer; no worker, no language service).
import 'monaco-editor/languages/definitions/pgsql/register';
import type { SqlEditorProps } from '../types';
import { settleHoverDelegates } from './setup';

/**
 * monaco editing report SQL, in the page editor's monaco chunk, with PostgreSQL colours.
 * The editor owns its text: `value` is read when it mounts (a screen replacing the text
 * remounts it with a new key). Pushing every render's value back into it, as a controlled
 * editor does, drops and reorders keystrokes typed while a slow render is on its way.
 */
export default function MonacoSqlEditor({ value, onChange, readOnly, label }: SqlEditorProps) {
  return (
    <div style={{ height: 200, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <Editor
        language="pgsql"
        defaultValue={value}
        onChange={(next) => onChange(next ?? '')}
        onMount={() => settleHoverDelegates()}
        loading={<Spin />}
        options={{
          readOnly,
          ariaLabel: label,
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: 13,
          tabSize: 2,
          wordWrap: 'on',
          lineNumbers: 'on',
          scrollBeyondLastLine: false,
          fixedOverflowWidgets: true,
          // No SQL language service: word suggestions would only offer words already typed.
          quickSuggestions: false,
          wordBasedSuggestions: 'off',
        }}
      />
    </div>
  );
}
