import type { FieldWidgetProps } from '../../registry/types';
import {
  codeEditorEntry,
  codeEditorProps,
} from '../../src/contracts/catalogue/entries/code-editor';
import { labelOf } from '../shared/a11y';
import { ModalEditCell } from '../shared/ModalEditCell';
import { asText } from '../shared/values';
import { CodeEditorBox } from './CodeEditorBox';

/** The grid's code cell: the code on one line, edited in a dialog with the editor. */
export function CodeEditorCell(props: FieldWidgetProps) {
  const p = codeEditorProps.read(props);
  const label = labelOf(props);
  return (
    <ModalEditCell
      widget={props}
      text={asText(props.value)}
      title={label ?? codeEditorEntry.title}
      renderEditor={(draft, setDraft) => (
        <CodeEditorBox
          value={draft}
          onChange={setDraft}
          language={p.language}
          languageChange={p.languageChange}
          fullScreen={false}
          height={Math.max(p.height, 360)}
          zIndex={p.zIndex}
          readOnly={false}
          label={label}
          autoFocus
        />
      )}
    />
  );
}
