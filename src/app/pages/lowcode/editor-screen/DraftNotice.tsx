import { Alert, Button, Space } from 'antd';
import type { Draft } from '../model/drafts';

function when(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An unsaved draft from an earlier visit: restore it or throw it away. */
export function DraftNotice({
  draft,
  version,
  onRestore,
  onDiscard,
}: {
  readonly draft: Draft;
  /** The stored version now (null for a new page). */
  readonly version: number | null;
  readonly onRestore: () => void;
  readonly onDiscard: () => void;
}) {
  const older = draft.baseVersion !== null && version !== null && draft.baseVersion !== version;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 8 }}
      message={`发现 ${when(draft.savedAt)} 未保存的修改`}
      description={
        older
          ? `草稿基于版本 ${draft.baseVersion}，服务器上已是版本 ${version}；恢复后请先对比再保存。`
          : '上次离开时这些修改还没有保存。'
      }
      action={
        <Space direction="vertical" size={4}>
          <Button size="small" type="primary" onClick={onRestore}>
            恢复草稿
          </Button>
          <Button size="small" onClick={onDiscard}>
            丢弃草稿
          </Button>
        </Space>
      }
    />
  );
}
