import { useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { FieldWidgetProps } from '../../registry/types';
import { labelOf } from './a11y';
import { autoFocusOf } from './cell';
import { cutText, ELLIPSIS_LENGTH } from './ellipsis';
import { asText } from './values';

export const LABEL_EDIT = '编辑';

export interface ModalEditCellProps {
  readonly widget: FieldWidgetProps;
  /** The text the cell reads (the value as plain text). */
  readonly text: string;
  /** Title of the dialog. */
  readonly title: string;
  readonly width?: number;
  /** The editor inside the dialog, over a draft that OK commits. */
  readonly renderEditor: (draft: string, setDraft: (text: string) => void) => ReactNode;
}

/**
 * A grid cell for long content (markdown, code): the text on one line, shortened, and a dialog
 * with the whole editor. A cell the grid has just opened (`autoFocus`) opens the dialog at
 * once; OK writes the draft, cancel drops it.
 */
export function ModalEditCell(props: ModalEditCellProps) {
  const { widget } = props;
  const [open, setOpen] = useState(autoFocusOf(widget) === true && !widget.disabled);
  const [draft, setDraft] = useState(() => asText(widget.value));
  const label = labelOf(widget);
  const start = () => {
    setDraft(asText(widget.value));
    setOpen(true);
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
      <span
        title={props.text}
        style={{ flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}
      >
        {cutText(props.text.replace(/\s+/g, ' '), ELLIPSIS_LENGTH)}
      </span>
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label={label ? `${LABEL_EDIT}${label}` : LABEL_EDIT}
        disabled={widget.disabled === true || widget.readOnly === true}
        onClick={start}
      />
      <Modal
        title={props.title}
        open={open}
        width={props.width ?? 900}
        destroyOnHidden
        onOk={() => {
          widget.onChange?.(draft);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        {props.renderEditor(draft, setDraft)}
      </Modal>
    </div>
  );
}
