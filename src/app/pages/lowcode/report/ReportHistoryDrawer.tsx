import { useCallback, useState } from 'react';
import { App, Button, Drawer, Space } from 'antd';
import { useVersions } from '../history/use-versions';
import { VersionCards } from '../history/VersionCards';
import { VERSION_TABLE_WIDTH, VersionTable } from '../history/VersionTable';
import type { ReportInput, ReportStore, ReportVersion, ReportVersionSummary } from './report-store';
import { VersionModal } from './VersionModal';

export interface ReportHistoryProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly store: ReportStore;
  readonly id: string;
  /** The version the editor loaded (当前). */
  readonly current: number;
  readonly title: string;
  /** The editor's draft (what 查看 compares with). */
  readonly draft: ReportInput;
  /** The draft holds changes that 恢复 would replace. */
  readonly dirty: boolean;
  /** The user may save the report: 恢复 is offered. */
  readonly canRestore: boolean;
  readonly mobile: boolean;
  /** 恢复: the version becomes the editor's draft (saved as a new version by 保存). */
  readonly onRestore: (version: ReportVersion) => void;
}

/**
 * 历史版本 of a report: who saved each version, when, with which note; 查看 shows one
 * read-only with what the draft changes against it; 恢复 loads it into the editor. History
 * is never rewritten: saving the restored draft makes a new version.
 */
export function ReportHistoryDrawer(props: ReportHistoryProps) {
  const { open, onClose, store, id, current, title, draft, dirty, canRestore, mobile } = props;
  const { message, modal } = App.useApp();
  const loadVersions = useCallback(() => store.versions(id), [store, id]);
  const { versions, loading } = useVersions(loadVersions, open, current);
  const [viewed, setViewed] = useState<ReportVersion | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const Versions = mobile ? VersionCards : VersionTable;

  const fetchVersion = async (version: number, action: string) => {
    setBusy(`${action}${version}`);
    const outcome = await store.queryVersion(id, version);
    setBusy(null);
    if (outcome.ok) return outcome.result;
    if (!outcome.presented) void message.error(outcome.message);
    return null;
  };

  const restore = (version: ReportVersion) =>
    modal.confirm({
      title: `恢复版本 ${version.version}？`,
      content: (
        <>
          <p>
            将以版本 {version.version} 的内容替换编辑器中的草稿；保存后生成新版本 {current + 1}
            ，历史版本不会改变。
          </p>
          {dirty && <p>编辑器中未保存的修改将被替换。</p>}
        </>
      ),
      okText: '恢复',
      cancelText: '取消',
      onOk: () => {
        setViewed(null);
        props.onRestore(version);
      },
    });

  const view = async (row: ReportVersionSummary) => {
    const version = await fetchVersion(row.version, 'view');
    if (version) setViewed(version);
  };
  const restoreRow = async (row: ReportVersionSummary) => {
    const version = await fetchVersion(row.version, 'restore');
    if (version) restore(version);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={`历史版本：${title}`}
      // As wide as the page history: 说明 gets the room 修改内容 has there.
      width={mobile ? '100%' : `min(${VERSION_TABLE_WIDTH + 48}px, 100vw)`}
      destroyOnHidden
    >
      <Versions
        versions={versions}
        current={current}
        loading={loading}
        showChanges={false}
        actions={(row) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              loading={busy === `view${row.version}`}
              onClick={() => void view(row)}
            >
              查看
            </Button>
            {canRestore && (
              <Button
                type="link"
                size="small"
                loading={busy === `restore${row.version}`}
                onClick={() => void restoreRow(row)}
              >
                恢复
              </Button>
            )}
          </Space>
        )}
      />
      {viewed && (
        <VersionModal
          version={viewed}
          draft={draft}
          onRestore={canRestore ? () => restore(viewed) : null}
          onClose={() => setViewed(null)}
        />
      )}
    </Drawer>
  );
}
