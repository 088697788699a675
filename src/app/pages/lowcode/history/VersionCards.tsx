import { List, Space, Tag, Typography } from 'antd';
import { ChangedPaths } from './ChangedPaths';
import type { VersionRow, VersionViewProps } from './VersionTable';

/** The versions as a list of cards (phones): a table would hide all but two columns. */
export function VersionCards<R extends VersionRow>({
  versions,
  current,
  loading,
  actions,
  showChanges = true,
}: VersionViewProps<R>) {
  return (
    <List
      loading={loading}
      dataSource={[...versions]}
      rowKey="version"
      renderItem={(row) => (
        <List.Item style={{ display: 'block' }}>
          <Space size={6} wrap>
            <Typography.Text strong>版本 {row.version}</Typography.Text>
            {row.version === current && <Tag color="blue">当前</Tag>}
            <Typography.Text type="secondary">
              {row.createBy ?? '—'} {row.createTime ?? ''}
            </Typography.Text>
          </Space>
          {showChanges && (
            <div style={{ marginTop: 6 }}>
              <ChangedPaths changes={row.changes ?? []} first={row.version === 1} />
            </div>
          )}
          {row.note && (
            <Typography.Paragraph style={{ margin: '6px 0 0' }}>{row.note}</Typography.Paragraph>
          )}
          {row.version !== current && <div style={{ marginTop: 4 }}>{actions(row)}</div>}
        </List.Item>
      )}
    />
  );
}
