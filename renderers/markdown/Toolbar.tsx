import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LinkOutlined,
  MessageOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  SnippetsOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { MarkdownAction } from './format';

/** The toolbar's formatting buttons, in order, with their Chinese names. */
export const FORMAT_BUTTONS: readonly { action: MarkdownAction; label: string; icon: ReactNode }[] =
  [
    { action: 'heading', label: '标题', icon: <FontSizeOutlined /> },
    { action: 'bold', label: '加粗', icon: <BoldOutlined /> },
    { action: 'italic', label: '斜体', icon: <ItalicOutlined /> },
    { action: 'strike', label: '删除线', icon: <StrikethroughOutlined /> },
    { action: 'quote', label: '引用', icon: <MessageOutlined /> },
    { action: 'code', label: '行内代码', icon: <CodeOutlined /> },
    { action: 'codeBlock', label: '代码块', icon: <SnippetsOutlined /> },
    { action: 'link', label: '链接', icon: <LinkOutlined /> },
    { action: 'ul', label: '无序列表', icon: <UnorderedListOutlined /> },
    { action: 'ol', label: '有序列表', icon: <OrderedListOutlined /> },
    { action: 'table', label: '表格', icon: <TableOutlined /> },
    { action: 'hr', label: '分割线', icon: <MinusOutlined /> },
  ];

export const LABEL_IMAGE_UPLOAD = '图片上传';
export const LABEL_PREVIEW = '预览';
export const LABEL_FULLSCREEN = '全屏';
export const LABEL_EXIT_FULLSCREEN = '退出全屏';

interface ToolButtonProps {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly pressed?: boolean;
}

/** An icon button with its name in a tooltip; pressing it keeps the source's selection. */
function ToolButton({ label, icon, onClick, disabled, pressed }: ToolButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export interface MarkdownToolbarProps {
  readonly disabled: boolean;
  readonly preview: boolean;
  readonly fullscreen: boolean;
  readonly onAction: (action: MarkdownAction) => void;
  readonly onImage: () => void;
  readonly onPreview: () => void;
  readonly onFullscreen: () => void;
}

/** The markdown editor's toolbar (widgets.md §2.7): formatting, 图片上传, preview, fullscreen. */
export function MarkdownToolbar(props: MarkdownToolbarProps) {
  return (
    <div className="markdown-editor-toolbar" role="toolbar" aria-label="Markdown 工具栏">
      {FORMAT_BUTTONS.map(({ action, label, icon }) => (
        <ToolButton
          key={action}
          label={label}
          icon={icon}
          disabled={props.disabled}
          onClick={() => props.onAction(action)}
        />
      ))}
      <ToolButton
        label={LABEL_IMAGE_UPLOAD}
        icon={<PictureOutlined />}
        disabled={props.disabled}
        onClick={props.onImage}
      />
      <span style={{ flex: 1 }} />
      <ToolButton
        label={LABEL_PREVIEW}
        icon={props.preview ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        pressed={props.preview}
        onClick={props.onPreview}
      />
      <ToolButton
        label={props.fullscreen ? LABEL_EXIT_FULLSCREEN : LABEL_FULLSCREEN}
        icon={props.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={props.onFullscreen}
      />
    </div>
  );
}
