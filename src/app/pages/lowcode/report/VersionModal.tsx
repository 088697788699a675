import { Suspense, useMemo } from 'react';
import { Button, Descriptions, Modal, Space, Spin, Tabs, Typography } from 'antd';
import { diffJson } from '../../../../contracts/json-diff';
import { ChangedPaths } from '../history/ChangedPaths';
import { useCodeEditors } from '../editor/editors-context';
import { EditorErrorBoundary } from '../editor/EditorErrorBoundary';
import PlainDiffView from '../editor/PlainDiffView';
import { ColumnsTable } from './ColumnsTable';
import { draftOf, inputOf } from './draft';
import { ParamsTable } from './ParamsTable';
import type { ReportInput, ReportVersion } from './report-store';

export interface VersionModalProps {
  readonly version: ReportVersion;
  /** The editor's draft, what the version is compared with. */
  readonly draft: ReportInput;
  /** Shows 恢复 (the user may save the report). */
  readonly onRestore: (() => void) | null;
  readonly onClose: () => void;
}

const sqlStyle = {
  margin: 0,
  padding: 8,
  maxHeight: 320,
  overflow: 'auto',
  fontSize: 12,
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

const textOf = (input: ReportInput) => JSON.stringify(input, null, 2);
const ignore = () => undefined;

/**
 * One saved version of a report, read-only: its SQL, columns and parameters, and what the
 * editor's draft changes against it (the changed paths, and both side by side).
 */
export function VersionModal({ version, draft, onRestore, onClose }: VersionModalProps) {
  const { Diff } = useCodeEditors();
  const old = useMemo(() => draftOf(version), [version]);
  const oldInput = useMemo(() => inputOf(old), [old]);
  const changes = useMemo(() => diffJson(oldInput, draft), [oldInput, draft]);
  const diff = {
    original: textOf(oldInput),
    modified: textOf(draft),
    originalLabel: `版本 ${version.version}`,
    modifiedLabel: '当前草稿',
  };
  return (
    <Modal
      open
      title={`版本 ${version.version}：${version.name}（${version.code}）`}
      onCancel={onClose}
      width="min(1000px, 96vw)"
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {onRestore && (
            <Button type="primary" onClick={onRestore}>
              恢复
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'by', label: '修改人', children: version.createBy ?? '—' },
          { key: 'time', label: '时间', children: version.createTime ?? '—' },
          { key: 'note', label: '说明', children: version.note ?? '—' },
        ]}
      />
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', margin: '8px 0' }}>
        <Typography.Text strong style={{ flex: 'none' }}>
          与当前草稿相比：
        </Typography.Text>
        <ChangedPaths changes={changes} first={false} />
      </div>
      <Tabs
        items={[
          {
            key: 'sql',
            label: '报表SQL',
            children: (
              <pre style={sqlStyle} aria-label={`版本 ${version.version} 的报表SQL`}>
                {version.sql}
              </pre>
            ),
          },
          {
            key: 'items',
            label: `报表列（${old.items.length}）`,
            children: <ColumnsTable items={old.items} readOnly onChange={ignore} />,
          },
          {
            key: 'params',
            label: `参数（${old.params.length}）`,
            children: <ParamsTable params={old.params} readOnly onChange={ignore} />,
          },
          {
            key: 'diff',
            label: '与草稿对比',
            children: (
              <div style={{ height: 'min(50vh, 420px)' }}>
                <EditorErrorBoundary fallback={<PlainDiffView {...diff} />}>
                  <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
                    <Diff {...diff} />
                  </Suspense>
                </EditorErrorBoundary>
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
