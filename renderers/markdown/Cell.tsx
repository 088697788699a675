import type { FieldWidgetProps } from '../../registry/types';
import { markdownEntry, markdownProps } from '../../src/contracts/catalogue/entries/markdown';
import { labelOf } from '../shared/a11y';
import { ModalEditCell } from '../shared/ModalEditCell';
import { asText } from '../shared/values';
import { markdownPlainText } from './format';
import { MarkdownEditor } from './MarkdownEditor';

/** The grid's markdown cell: the plain text on one line, edited in a dialog with the editor. */
export function MarkdownCell(props: FieldWidgetProps) {
  const p = markdownProps.read(props);
  const label = labelOf(props);
  return (
    <ModalEditCell
      widget={props}
      text={markdownPlainText(asText(props.value))}
      title={label ?? markdownEntry.title}
      width={1000}
      renderEditor={(draft, setDraft) => (
        <MarkdownEditor
          value={draft}
          onChange={setDraft}
          height={p.height}
          biz={p.biz}
          label={label}
          autoFocus
        />
      )}
    />
  );
}
