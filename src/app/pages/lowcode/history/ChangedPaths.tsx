import { Tag, Tooltip, Typography } from 'antd';

/** The JSON pointers a version changed: the first few as tags, the rest in a tooltip. */
export function ChangedPaths({
  changes,
  first,
}: {
  readonly changes: readonly string[];
  /** Version 1 has no previous version to compare with. */
  readonly first: boolean;
}) {
  if (changes.length === 0) {
    return <Typography.Text type="secondary">{first ? '创建' : '无变化'}</Typography.Text>;
  }
  const shown = changes.slice(0, 3);
  const rest = changes.slice(3);
  return (
    <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, minWidth: 0 }}>
      {shown.map((path) => (
        <Tooltip key={path} title={path || '/'}>
          <Tag
            style={{
              marginInlineEnd: 0,
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontFamily: 'monospace',
            }}
          >
            {path || '/'}
          </Tag>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join('\n')} styles={{ body: { whiteSpace: 'pre-line' } }}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}
