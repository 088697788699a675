import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  FormatPainterOutlined,
  HistoryOutlined,
  MenuOutlined,
  SaveOutlined,
} from '@ant-design/icons';

export interface EditorToolbarProps {
  readonly title: string;
  /** Null for a page not created yet. */
  readonly code: string | null;
  readonly version: number | null;
  readonly updateBy: string | null;
  readonly updateTime: string | null;
  readonly dirty: boolean;
  readonly readOnly: boolean;
  readonly compact: boolean;
  readonly saving: boolean;
  /** Each button is shown only when the user may use it (null = hidden). */
  readonly onSave: (() => void) | null;
  readonly onHistory: (() => void) | null;
  readonly onAddToMenu: (() => void) | null;
  readonly onFormat: () => void;
  readonly onBack: () => void;
}

const shortcut = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? '⌘S' : 'Ctrl+S';

/** The editor's title line: which page and version, unsaved state, and its commands. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { title, code, version, updateBy, updateTime, dirty, readOnly, compact, saving } = props;
  const size = compact ? 'small' : 'middle';
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        justifyContent: 'space-between',
        padding: '8px 12px',
        background: '#fff',
        marginBottom: 8,
      }}
    >
      <Space wrap size={[8, 4]}>
        <Tooltip title="返回页面列表">
          <Button
            size={size}
            icon={<ArrowLeftOutlined />}
            onClick={props.onBack}
            aria-label="返回列表"
          />
        </Tooltip>
        <Typography.Text strong style={{ fontSize: compact ? 14 : 16 }}>
          {title}
        </Typography.Text>
        {code ? (
          <Typography.Text type="secondary">{code}</Typography.Text>
        ) : (
          <Tag color="green">新页面</Tag>
        )}
        {version !== null && (
          <Tooltip title={updateBy ? `${updateBy} 保存于 ${updateTime ?? ''}` : undefined}>
            <Tag color="blue" data-testid="page-version">
              版本 {version}
            </Tag>
          </Tooltip>
        )}
        {dirty && <Tag color="orange">未保存</Tag>}
        {readOnly && <Tag>只读</Tag>}
      </Space>
      <Space wrap size={[8, 4]}>
        <Button
          size={size}
          icon={<FormatPainterOutlined />}
          onClick={props.onFormat}
          disabled={readOnly}
        >
          格式化
        </Button>
        {props.onHistory && (
          <Button size={size} icon={<HistoryOutlined />} onClick={props.onHistory}>
            历史版本
          </Button>
        )}
        {props.onAddToMenu && (
          <Button size={size} icon={<MenuOutlined />} onClick={props.onAddToMenu}>
            加入菜单
          </Button>
        )}
        {props.onSave && (
          <Tooltip title={`保存（${shortcut}）`}>
            <Button
              size={size}
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={props.onSave}
            >
              保存
            </Button>
          </Tooltip>
        )}
      </Space>
    </div>
  );
}
