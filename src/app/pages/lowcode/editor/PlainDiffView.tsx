import { Typography } from 'antd';
import type { DiffViewProps } from './types';

const pane = {
  flex: 1,
  minWidth: 0,
  margin: 0,
  padding: 8,
  overflow: 'auto',
  fontSize: 12,
  background: '#fafafa',
  border: '1px solid #f0f0f0',
} as const;

/** Both versions side by side as text (tests, and when monaco cannot load). */
export default function PlainDiffView({
  original,
  modified,
  originalLabel,
  modifiedLabel,
}: DiffViewProps) {
  return (
    <div style={{ display: 'flex', gap: 8, height: '100%' }}>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Typography.Text strong>{originalLabel}</Typography.Text>
        <pre style={pane} data-testid="diff-original">
          {original}
        </pre>
      </div>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Typography.Text strong>{modifiedLabel}</Typography.Text>
        <pre style={pane} data-testid="diff-modified">
          {modified}
        </pre>
      </div>
    </div>
  );
}
