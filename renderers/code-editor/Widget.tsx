import type { FieldWidgetProps } from '../../registry/types';
import { codeEditorProps } from '../../src/contracts/catalogue/entries/code-editor';
import { labelOf } from '../shared/a11y';
import { autoFocusOf } from '../shared/cell';
import { asText } from '../shared/values';
import { CodeEditorBox } from './CodeEditorBox';

/** `code-editor`: source code in monaco, held as text; read-only when disabled or read-only. */
export function CodeEditorWidget(props: FieldWidgetProps) {
  const p = codeEditorProps.read(props);
  return (
    <CodeEditorBox
      value={asText(props.value)}
      onChange={(text) => props.onChange?.(text)}
      language={p.language}
      languageChange={p.languageChange}
      fullScreen={p.fullScreen}
      height={p.height}
      zIndex={p.zIndex}
      readOnly={props.disabled === true || props.readOnly === true}
      label={labelOf(props)}
      autoFocus={autoFocusOf(props)}
    />
  );
}
