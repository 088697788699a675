import { Input } from 'antd';
import type { SqlEditorProps } from './types';

/** SQL in a monospace text area: tests, and the fallback when monaco cannot load. */
export default function PlainSqlEditor({ value, onChange, readOnly, label }: SqlEditorProps) {
  return (
    <Input.TextArea
      aria-label={label}
      value={value}
      readOnly={readOnly}
      spellCheck={false}
      autoSize={{ minRows: 5, maxRows: 14 }}
      onChange={(e) => onChange(e.target.value)}
      style={{ fontFamily: 'Menlo, Consolas, "Courier New", monospace', fontSize: 13 }}
    />
  );
}
