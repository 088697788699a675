import type { ReactNode } from 'react';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LinkOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  SnippetsOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { App, Button, Divider, Select, Tooltip } from 'antd';
import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import {
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type LexicalEditor,
} from 'lexical';
import {
  clearFormatting,
  insertPlainText,
  insertTable,
  setBlockKind,
  type BlockKind,
} from './commands';
import { useToolbarState } from './use-toolbar-state';

/** Said when the browser does not let the page read the clipboard. */
export const MSG_PASTE_HINT = '浏览器不允许读取剪贴板，请按 Ctrl+V 粘贴';

const BLOCKS: readonly { readonly value: BlockKind; readonly label: string }[] = [
  { value: 'paragraph', label: '正文' },
  { value: 'h1', label: '标题1' },
  { value: 'h2', label: '标题2' },
  { value: 'h3', label: '标题3' },
  { value: 'quote', label: '引用' },
];

export interface ToolbarProps {
  readonly editor: LexicalEditor;
  readonly disabled: boolean;
  readonly fullscreen: boolean;
  readonly onFullscreen: () => void;
  readonly onLink: () => void;
  readonly onImage: () => void;
  readonly onVideo: () => void;
}

function Tool(props: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly active?: boolean;
}) {
  return (
    <Tooltip title={props.label} mouseEnterDelay={0.4}>
      <Button
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        size="small"
        icon={props.icon}
        aria-label={props.label}
        aria-pressed={props.active}
        disabled={props.disabled}
        // Keep the editor's selection: the button never takes the focus from the text.
        onMouseDown={(event) => event.preventDefault()}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

const Bar = () => <Divider type="vertical" style={{ margin: '0 2px' }} />;

/** The editor's toolbar: every tool with its Chinese name as label and tooltip. */
export function Toolbar({
  editor,
  disabled,
  fullscreen,
  onFullscreen,
  onLink,
  onImage,
  onVideo,
}: ToolbarProps) {
  const { message } = App.useApp();
  const state = useToolbarState(editor);
  const paste = async () => {
    try {
      if (!navigator.clipboard?.readText) throw new Error('no clipboard');
      const text = await navigator.clipboard.readText();
      insertPlainText(editor, text);
    } catch {
      void message.info(MSG_PASTE_HINT);
    }
  };
  const list = (type: 'bullet' | 'number') => {
    if (state.list === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else if (type === 'bullet') editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
    else editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
  };
  const block = state.block === 'code' ? undefined : state.block;
  return (
    <div className="sa-richtext-toolbar" role="toolbar" aria-label="富文本工具栏">
      <Tool
        label="撤销"
        icon={<UndoOutlined />}
        disabled={disabled || !state.canUndo}
        onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}
      />
      <Tool
        label="重做"
        icon={<RedoOutlined />}
        disabled={disabled || !state.canRedo}
        onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}
      />
      <Bar />
      <Tooltip title="段落格式" mouseEnterDelay={0.4}>
        <Select<BlockKind>
          size="small"
          aria-label="段落格式"
          className="sa-richtext-block"
          value={block}
          placeholder="段落格式"
          disabled={disabled}
          options={BLOCKS.map((b) => ({ value: b.value, label: b.label }))}
          onChange={(kind) => setBlockKind(editor, kind)}
          popupMatchSelectWidth={false}
          style={{ width: 86 }}
        />
      </Tooltip>
      <Tool
        label="代码块"
        icon={<CodeOutlined />}
        disabled={disabled}
        active={state.block === 'code'}
        onClick={() => setBlockKind(editor, state.block === 'code' ? 'paragraph' : 'code')}
      />
      <Bar />
      <Tool
        label="加粗"
        icon={<BoldOutlined />}
        disabled={disabled}
        active={state.bold}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}
      />
      <Tool
        label="斜体"
        icon={<ItalicOutlined />}
        disabled={disabled}
        active={state.italic}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}
      />
      <Tool
        label="下划线"
        icon={<UnderlineOutlined />}
        disabled={disabled}
        active={state.underline}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline')}
      />
      <Tool
        label="删除线"
        icon={<StrikethroughOutlined />}
        disabled={disabled}
        active={state.strikethrough}
        onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'strikethrough')}
      />
      <Bar />
      <Tool
        label="左对齐"
        icon={<AlignLeftOutlined />}
        disabled={disabled}
        onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, 'left')}
      />
      <Tool
        label="居中对齐"
        icon={<AlignCenterOutlined />}
        disabled={disabled}
        onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, 'center')}
      />
      <Tool
        label="右对齐"
        icon={<AlignRightOutlined />}
        disabled={disabled}
        onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, 'right')}
      />
      <Tool
        label="两端对齐"
        icon={<MenuOutlined />}
        disabled={disabled}
        onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, 'justify')}
      />
      <Bar />
      <Tool
        label="无序列表"
        icon={<UnorderedListOutlined />}
        disabled={disabled}
        active={state.list === 'bullet'}
        onClick={() => list('bullet')}
      />
      <Tool
        label="有序列表"
        icon={<OrderedListOutlined />}
        disabled={disabled}
        active={state.list === 'number'}
        onClick={() => list('number')}
      />
      <Tool
        label="增加缩进"
        icon={<MenuUnfoldOutlined />}
        disabled={disabled}
        onClick={() => editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined)}
      />
      <Tool
        label="减少缩进"
        icon={<MenuFoldOutlined />}
        disabled={disabled}
        onClick={() => editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined)}
      />
      <Bar />
      <Tool
        label="链接"
        icon={<LinkOutlined />}
        disabled={disabled}
        active={state.link}
        onClick={onLink}
      />
      <Tool label="图片" icon={<PictureOutlined />} disabled={disabled} onClick={onImage} />
      <Tool label="媒体" icon={<VideoCameraOutlined />} disabled={disabled} onClick={onVideo} />
      <Tool
        label="表格"
        icon={<TableOutlined />}
        disabled={disabled}
        onClick={() => insertTable(editor)}
      />
      <Bar />
      <Tool
        label="清除格式"
        icon={<ClearOutlined />}
        disabled={disabled}
        onClick={() => clearFormatting(editor)}
      />
      <Tool
        label="粘贴"
        icon={<SnippetsOutlined />}
        disabled={disabled}
        onClick={() => void paste()}
      />
      <Tool
        label={fullscreen ? '退出全屏' : '全屏'}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        active={fullscreen}
        onClick={onFullscreen}
      />
    </div>
  );
}
