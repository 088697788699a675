import type { ReactNode } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import type { PageVersion } from '../../../../contracts/page';
import { ChangedPaths } from './ChangedPaths';

export interface VersionViewProps {
  readonly versions: readonly PageVersion[];
  /** The version the editor is based on (marked 当前, no actions). */
  readonly current: number;
  readonly loading: boolean;
  /** The commands of an older version (对比, 回滚). */
  readonly actions: (version: PageVersion) => ReactNode;
}

/** Widths of the fixed columns; 说明 takes the rest (at least 160 px). */
const WIDTH = { version: 80, author: 90, time: 160, changes: 220, note: 160, actions: 110 };
/** The drawer body must be this wide for every column to show without scrolling. */
export const VERSION_TABLE_WIDTH = Object.values(WIDTH).reduce((a, b) => a + b, 0);

/** The versions as a table (desktop): who, when, what changed, the note, the commands. */
export function VersionTable({ versions, current, loading, actions }: VersionViewProps) {
  return (
    <Table<PageVersion>
      rowKey="version"
      size="small"
      loading={loading}
      dataSource={[...versions]}
      pagination={false}
      scroll={{ x: VERSION_TABLE_WIDTH }}
      columns={[
        {
          title: '版本',
          dataIndex: 'version',
          width: WIDTH.version,
          render: (v: number) => (
            <Space size={4}>
              {v}
              {v === current && <Tag color="blue">当前</Tag>}
            </Space>
          ),
        },
        {
          title: '修改人',
          dataIndex: 'createBy',
          width: WIDTH.author,
          render: (v: string | null) => v ?? '—',
        },
        {
          title: '时间',
          dataIndex: 'createTime',
          width: WIDTH.time,
          render: (v: string | null) => v ?? '—',
        },
        {
          title: '修改内容',
          dataIndex: 'changes',
          width: WIDTH.changes,
          render: (changes: readonly string[], row) => (
            <ChangedPaths changes={changes} first={row.version === 1} />
          ),
        },
        {
          title: '说明',
          dataIndex: 'note',
          ellipsis: { showTitle: true },
          render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
        },
        {
          title: '操作',
          key: 'actions',
          width: WIDTH.actions,
          fixed: 'right',
          render: (_: unknown, row) => (row.version === current ? null : actions(row)),
        },
      ]}
    />
  );
}
