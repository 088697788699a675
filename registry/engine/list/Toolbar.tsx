import { Button, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { ActionDefinition } from '../../../src/contracts/page';
import { actionLabel } from '../page-model';

export interface ToolbarProps {
  /** The actions the user may see, in order. */
  readonly actions: readonly ActionDefinition[];
  readonly onAction: (action: ActionDefinition) => void;
  /** Drawn after the buttons (the advanced query's); the toolbar shows when either is there. */
  readonly extra?: ReactNode;
}

const ICONS: Readonly<Record<string, ReactNode>> = {
  add: <PlusOutlined />,
  batchDelete: <DeleteOutlined />,
  export: <DownloadOutlined />,
  import: <UploadOutlined />,
};

/** The buttons above a list. */
export function Toolbar({ actions, onAction, extra }: ToolbarProps) {
  if (actions.length === 0 && !extra) return null;
  return (
    <Space wrap style={{ marginBottom: 16 }} className="sa-page-toolbar">
      {actions.map((action) => (
        <Button
          key={action.key}
          type={action.key === 'add' ? 'primary' : 'default'}
          icon={ICONS[action.key]}
          onClick={() => onAction(action)}
        >
          {actionLabel(action)}
        </Button>
      ))}
      {extra}
    </Space>
  );
}
