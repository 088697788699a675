import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';

export interface GridToolbarProps {
  /** 新增 shown (permission `{authPre}add`, grid not disabled). */
  readonly canAdd: boolean;
  /** 删除 shown (permission `{authPre}batch_delete`, grid not disabled). */
  readonly canDelete: boolean;
  readonly selectedCount: number;
  readonly onAdd: () => void;
  /** Asks for confirmation, then deletes the selected rows. */
  readonly onDelete: () => void;
  readonly onClearSelection: () => void;
  /** 保存; absent without an onSave. */
  readonly onSave?: () => void;
  /** 展开 / 收起 (rowExpand): whether every row is expanded now. */
  readonly expand?: { readonly allExpanded: boolean; readonly onToggle: () => void };
  readonly extra?: ReactNode;
}

/** 新增, 删除, 清空选择, 保存, 展开/收起, and how many rows are selected (§2.5). */
export function GridToolbar(p: GridToolbarProps) {
  const none = p.selectedCount === 0;
  return (
    <div className="eg-toolbar">
      <Space wrap size="small">
        {p.canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
            新增
          </Button>
        )}
        {p.canDelete && (
          <Button danger icon={<DeleteOutlined />} disabled={none} onClick={p.onDelete}>
            删除
          </Button>
        )}
        <Button disabled={none} onClick={p.onClearSelection}>
          清空选择
        </Button>
        {p.onSave && (
          <Button icon={<SaveOutlined />} onClick={p.onSave}>
            保存
          </Button>
        )}
        {p.expand && (
          <Button onClick={p.expand.onToggle}>{p.expand.allExpanded ? '收起' : '展开'}</Button>
        )}
        {p.extra}
      </Space>
      {!none && (
        <span className="eg-selection-count" role="status">
          已选择 {p.selectedCount} 项
        </span>
      )}
    </div>
  );
}
