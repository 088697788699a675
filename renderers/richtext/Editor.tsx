import { useCallback, useEffect, useState } from 'react';
import { CodeNode } from '@lexical/code';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import { useServices } from '../../registry/services';
import { fileClientFor, type FileClient } from '../../src/runtime/files';
import { viewableImageUrl } from '../../src/runtime/html-images';
import { insertImage, insertLink, insertVideo } from './commands';
import { ImageDialog } from './ImageDialog';
import { ImageNode } from './ImageNode';
import { ImageSrcContext } from './image-src';
import { RICHTEXT_THEME } from './theme';
import { Toolbar } from './Toolbar';
import { UrlDialog } from './UrlDialog';
import { isAcceptedLinkUrl, isAcceptedMediaUrl } from './urls';
import { ValuePlugin } from './ValuePlugin';
import './richtext.css';
import './richtext-view.css';

/** widgets.md §9 "Rich text height 300". */
export const RICHTEXT_HEIGHT = 300;
/** The full-window editor sits above the page (and its drawers), below dialogs. */
export const FULLSCREEN_Z_INDEX = 999;

const NODES: InitialConfigType['nodes'] = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  LinkNode,
  CodeNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  ImageNode,
];

export interface RichtextEditorProps {
  /** HTML. */
  readonly value: string;
  readonly onChange: (html: string) => void;
  readonly disabled?: boolean;
  /** Height of the content area in px. Default 300. */
  readonly height?: number;
  /** Upload folder of images. */
  readonly biz: string;
  readonly placeholder?: string;
  /** How long typing settles before the value goes out, in ms. Default 200; 0: at once. */
  readonly changeDelay?: number;
}

type DialogKind = 'link' | 'image' | 'video';

function EditorFrame(props: RichtextEditorProps & { readonly files: FileClient }) {
  const [editor] = useLexicalComposerContext();
  const [fullscreen, setFullscreen] = useState(false);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const disabled = props.disabled ?? false;
  const placeholder = props.placeholder ?? '请输入内容';

  // Esc leaves the full window (unless a dialog of the editor is open: Esc closes that).
  // Caught before the form's own dialog sees it, so Esc never closes the form as well.
  useEffect(() => {
    if (!fullscreen || dialog !== null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setFullscreen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [fullscreen, dialog]);

  const close = () => setDialog(null);
  /** Closes the dialog and puts the caret back where the insertion left it. */
  const insertThen = (insert: () => void) => {
    close();
    insert();
    editor.focus();
  };
  return (
    <div
      className={`sa-richtext${fullscreen ? ' sa-richtext-fullscreen' : ''}${disabled ? ' sa-richtext-disabled' : ''}`}
      data-testid="richtext-editor"
      style={fullscreen ? { position: 'fixed', inset: 0, zIndex: FULLSCREEN_Z_INDEX } : undefined}
    >
      <Toolbar
        editor={editor}
        disabled={disabled}
        fullscreen={fullscreen}
        onFullscreen={() => setFullscreen((on) => !on)}
        onLink={() => setDialog('link')}
        onImage={() => setDialog('image')}
        onVideo={() => setDialog('video')}
      />
      <div
        className="sa-richtext-scroll"
        style={fullscreen ? undefined : { height: props.height ?? RICHTEXT_HEIGHT }}
      >
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              className="sa-richtext-content"
              aria-label={placeholder}
              aria-placeholder={placeholder}
              placeholder={<div className="sa-richtext-placeholder">{placeholder}</div>}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isAcceptedLinkUrl} />
      <TablePlugin />
      <ValuePlugin
        value={props.value}
        onChange={props.onChange}
        editable={!disabled}
        delay={props.changeDelay}
      />
      <UrlDialog
        open={dialog === 'link'}
        title="插入链接"
        urlLabel="链接地址"
        withText
        accepts={isAcceptedLinkUrl}
        refusedMessage="链接须以 http://、https://、mailto: 开头，或是本站的相对地址"
        onOk={(url, text) => insertThen(() => insertLink(editor, url, text))}
        onCancel={close}
      />
      <ImageDialog
        open={dialog === 'image'}
        files={props.files}
        biz={props.biz}
        onInsert={(src, alt) => insertThen(() => insertImage(editor, src, alt))}
        onClose={close}
      />
      <UrlDialog
        open={dialog === 'video'}
        title="插入视频"
        urlLabel="视频地址"
        note="视频以链接“[视频] 地址”插入，点击链接观看。"
        accepts={isAcceptedMediaUrl}
        refusedMessage="视频地址须以 http:// 或 https:// 开头"
        onOk={(url) => insertThen(() => insertVideo(editor, url))}
        onCancel={close}
      />
    </div>
  );
}

/**
 * The rich-text editor (widgets.md §2.7): lexical with a Chinese toolbar, HTML in and out,
 * uploaded images kept by their stable address and drawn through signed URLs.
 */
export function RichtextEditor(props: RichtextEditorProps) {
  const { http } = useServices();
  const files = fileClientFor(http);
  const resolveSrc = useCallback(
    (src: string) => viewableImageUrl(src, (path) => files.viewUrl(path)),
    [files],
  );
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'sa-richtext',
    theme: RICHTEXT_THEME,
    nodes: NODES,
    editable: !props.disabled,
    onError: (error: Error) => {
      console.error(error);
    },
  }));
  return (
    <ImageSrcContext.Provider value={resolveSrc}>
      <LexicalComposer initialConfig={initialConfig}>
        <EditorFrame {...props} files={files} />
      </LexicalComposer>
    </ImageSrcContext.Provider>
  );
}
