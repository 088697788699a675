import type { ReactNode } from 'react';
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

/** A toolbar command: icon and text, or on a phone the icon alone (named by a tooltip). */
function Command(props: {
  readonly compact: boolean;
  readonly icon: ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly children: string;
}) {
  const { compact, icon, onClick, disabled, children } = props;
  if (!compact) {
    return (
      <Button icon={icon} onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip title={children}>
      <Button
        size="small"
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={children}
      />
    </Tooltip>
  );
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
        <Command
          compact={compact}
          icon={<FormatPainterOutlined />}
          onClick={props.onFormat}
          disabled={readOnly}
        >
          格式化
        </Command>
        {props.onHistory && (
          <Command compact={compact} icon={<HistoryOutlined />} onClick={props.onHistory}>
            历史版本
          </Command>
        )}
        {props.onAddToMenu && (
          <Command compact={compact} icon={<MenuOutlined />} onClick={props.onAddToMenu}>
            加入菜单
          </Command>
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
