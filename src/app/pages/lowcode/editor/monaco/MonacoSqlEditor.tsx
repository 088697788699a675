import { Spin } from 'antd';
import Editor from '@monaco-editor/react';
// PostgreSQL highlighting only (a tokenizer; no worker, no language service).
import 'monaco-editor/languages/definitions/pgsql/register';
import type { SqlEditorProps } from '../types';
import { settleHoverDelegates } from './setup';

/** monaco editing report SQL, in the page editor's monaco chunk, with PostgreSQL colours. */
export default function MonacoSqlEditor({ value, onChange, readOnly, label }: SqlEditorProps) {
  return (
    <div style={{ height: 200, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <Editor
        language="pgsql"
        value={value}
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
        }}
      />
    </div>
  );
}
