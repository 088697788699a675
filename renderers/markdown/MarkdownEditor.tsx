import { useLayoutEffect, useRef, useState } from 'react';
import { MARKDOWN_MIN_HEIGHT } from '../../src/contracts/catalogue/entries/markdown';
import { applyMarkdownAction, insertAt, type MarkdownAction, type TextEdit } from './format';
import { ImageUploadDialog } from './ImageUploadDialog';
import { MarkdownView } from './MarkdownView';
import { MarkdownToolbar } from './Toolbar';
import '../shared/editor-fullscreen.css';

export interface MarkdownEditorProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly onBlur?: () => void;
  /** Height in px of the source and preview (never below 200). */
  readonly height: number;
  /** Folder of the 图片上传 dialog's uploads. */
  readonly biz: string;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly placeholder?: string;
  readonly label?: string;
  readonly id?: string;
  readonly autoFocus?: boolean;
}

/**
 * The markdown editor (widgets.md §2.7): a toolbar, the source and its live preview beside it
 * (stacked under 768 px). Toolbar buttons wrap the selection and keep it selected; 图片上传
 * inserts `![备注](url)` where the cursor was. The body can be dragged taller or shorter, never
 * under 200 px.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const source = useRef<HTMLTextAreaElement | null>(null);
  const [preview, setPreview] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  /** The selection to put back once the edited text is in the textarea. */
  const pending = useRef<TextEdit | null>(null);
  const locked = props.disabled === true || props.readOnly === true;

  useLayoutEffect(() => {
    const edit = pending.current;
    const area = source.current;
    if (!edit || !area || area.value !== edit.text) return;
    pending.current = null;
    area.focus();
    area.setSelectionRange(edit.start, edit.end);
  });

  const selection = (): [number, number] => {
    const area = source.current;
    return area
      ? [area.selectionStart, area.selectionEnd]
      : [props.value.length, props.value.length];
  };
  const commit = (edit: TextEdit) => {
    pending.current = edit;
    props.onChange(edit.text);
  };
  const onAction = (action: MarkdownAction) => {
    if (locked) return;
    const [start, end] = selection();
    commit(applyMarkdownAction(props.value, start, end, action));
  };
  const onInsertImage = (markdown: string) => {
    const [start, end] = selection();
    setImageOpen(false);
    commit(insertAt(props.value, start, end, markdown));
  };

  const height = Math.max(MARKDOWN_MIN_HEIGHT, props.height);
  return (
    <div
      className="markdown-editor"
      data-fullscreen={fullscreen || undefined}
      onKeyDown={(event) => {
        if (fullscreen && event.key === 'Escape') {
          // Leaves fullscreen only: the dialog around the editor stays open.
          event.stopPropagation();
          setFullscreen(false);
        }
      }}
    >
      <MarkdownToolbar
        disabled={locked}
        preview={preview}
        fullscreen={fullscreen}
        onAction={onAction}
        onImage={() => setImageOpen(true)}
        onPreview={() => setPreview(!preview)}
        onFullscreen={() => setFullscreen(!fullscreen)}
      />
      <div
        className="markdown-editor-body"
        data-testid="markdown-body"
        style={{ height, minHeight: MARKDOWN_MIN_HEIGHT }}
      >
        <textarea
          ref={source}
          id={props.id}
          className="markdown-editor-source"
          aria-label={props.label}
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          readOnly={props.readOnly}
          autoFocus={props.autoFocus}
          spellCheck={false}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
        {preview && (
          <div className="markdown-editor-preview">
            <MarkdownView source={props.value} label="预览" />
          </div>
        )}
      </div>
      {imageOpen && (
        <ImageUploadDialog
          biz={props.biz}
          onInsert={onInsertImage}
          onClose={() => setImageOpen(false)}
        />
      )}
    </div>
  );
}
