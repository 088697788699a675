import type { ReactNode } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import { ChangedPaths } from './ChangedPaths';

/** One saved version of a definition (a page's, a report's) as the history lists it. */
export interface VersionRow {
  readonly version: number;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly note: string | null;
  /** JSON pointers of what changed against the previous version, when the store records them. */
  readonly changes?: readonly string[];
}

export interface VersionViewProps<R extends VersionRow = VersionRow> {
  readonly versions: readonly R[];
  /** The version the editor is based on (marked 当前, no actions). */
  readonly current: number;
  readonly loading: boolean;
  /** The commands of an older version (对比, 回滚; 查看, 恢复). */
  readonly actions: (version: R) => ReactNode;
  /** Show what each version changed (修改内容); the store must record `changes`. Default true. */
  readonly showChanges?: boolean;
}

/** Widths of the fixed columns; 说明 takes the rest (at least 160 px). */
const WIDTH = { version: 80, author: 90, time: 160, changes: 220, note: 160, actions: 110 };
/** The drawer body must be this wide for every column to show without scrolling. */
export const VERSION_TABLE_WIDTH = Object.values(WIDTH).reduce((a, b) => a + b, 0);
/** The same without the 修改内容 column. */
export const VERSION_TABLE_WIDTH_NO_CHANGES = VERSION_TABLE_WIDTH - WIDTH.changes;

/** The versions as a table (desktop): who, when, what changed, the note, the commands. */
export function VersionTable<R extends VersionRow>({
  versions,
  current,
  loading,
  actions,
  showChanges = true,
}: VersionViewProps<R>) {
  const changes = {
    title: '修改内容',
    dataIndex: 'changes',
    width: WIDTH.changes,
    render: (list: readonly string[] | undefined, row: R) => (
      <ChangedPaths changes={list ?? []} first={row.version === 1} />
    ),
  };
  return (
    <Table<R>
      rowKey="version"
      size="small"
      loading={loading}
      dataSource={[...versions]}
      pagination={false}
      scroll={{ x: showChanges ? VERSION_TABLE_WIDTH : VERSION_TABLE_WIDTH_NO_CHANGES }}
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
        ...(showChanges ? [changes] : []),
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
