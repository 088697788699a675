import { useImperativeHandle, useRef } from 'react';
import type { CodeEditorProps } from './types';

/**
 * The editor without monaco: a monospace text area with the same contract (value, markers as
 * `aria-invalid`, reveal). Used by tests and when the monaco chunk cannot load.
 */
export default function PlainCodeEditor(props: CodeEditorProps) {
  const { value, onChange, markers, readOnly, handleRef, label } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(
    handleRef,
    () => ({
      reveal(range) {
        area.current?.focus();
        area.current?.setSelectionRange(range.start, range.end);
      },
      focus() {
        area.current?.focus();
      },
    }),
    [],
  );
  return (
    <textarea
      ref={area}
      aria-label={label}
      aria-invalid={markers.length > 0}
      value={value}
      readOnly={readOnly}
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      style={{
        width: '100%',
        height: '100%',
        resize: 'none',
        border: 'none',
        outline: 'none',
        padding: 8,
        fontFamily: 'Menlo, Consolas, "Courier New", monospace',
        fontSize: 13,
        lineHeight: 1.5,
      }}
    />
  );
}
