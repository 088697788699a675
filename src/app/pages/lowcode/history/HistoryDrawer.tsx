import { useCallback, useState } from 'react';
import { App, Button, Drawer, Space } from 'antd';
import type { PageVersion } from '../../../../contracts/page';
import type { StoredPageResult } from '../../../../contracts/page-api';
import type { PageStore } from '../model/page-store';
import { DiffModal } from '../editor-screen/DiffModal';
import { textOf } from '../editor-screen/use-page-document';
import { rollbackTo } from './rollback';
import { useVersions } from './use-versions';
import { VersionCards } from './VersionCards';
import { VERSION_TABLE_WIDTH, VersionTable } from './VersionTable';

export interface HistoryDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly store: PageStore;
  readonly stored: StoredPageResult;
  /** The editor holds changes that a rollback would replace. */
  readonly dirty: boolean;
  readonly canRollback: boolean;
  readonly mobile: boolean;
  readonly onRolledBack: (result: StoredPageResult) => void;
  /** The server has a newer version than the editor knows. */
  readonly onStale: (currentVersion: number, message: string) => void;
}

interface Compared {
  readonly version: PageVersion;
  readonly text: string;
}

/** Versions of a page: who, when, what changed, the note; compare with the current; roll back. */
export function HistoryDrawer(props: HistoryDrawerProps) {
  const { open, onClose, store, stored, dirty, canRollback, mobile, onRolledBack, onStale } = props;
  const { message, modal } = App.useApp();
  const loadVersions = useCallback(() => store.versions(stored.code), [store, stored.code]);
  const { versions, loading, reload } = useVersions(loadVersions, open, stored.version);
  const [compared, setCompared] = useState<Compared | null>(null);
  const [busyVersion, setBusyVersion] = useState<number | null>(null);
  const Versions = mobile ? VersionCards : VersionTable;

  const compare = async (version: PageVersion) => {
    setBusyVersion(version.version);
    const outcome = await store.version(stored.code, version.version);
    setBusyVersion(null);
    if (outcome.ok) setCompared({ version, text: textOf(outcome.result.definition) });
    else if (!outcome.presented) void message.error(outcome.message);
  };

  const run = async (version: number, confirmDropColumns?: readonly string[]) => {
    const result = await rollbackTo(store, {
      code: stored.code,
      version,
      baseVersion: stored.version,
      ...(confirmDropColumns ? { confirmDropColumns } : {}),
    });
    if (result.ok) {
      onRolledBack(result.result);
      void message.success(`已回滚到版本 ${version}，生成新版本 ${result.result.version}`);
      void reload();
      return;
    }
    const { refusal } = result;
    if (refusal.kind === 'drops') {
      modal.confirm({
        title: '回滚将删除数据表中的列',
        content: `版本 ${version} 没有以下列：${refusal.dropColumns.join('、')}。回滚会删除这些列，列中的数据无法恢复。`,
        okText: '确认删除并回滚',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: () => run(version, refusal.dropColumns),
      });
    } else if (refusal.kind === 'stale') {
      onStale(refusal.currentVersion, refusal.message);
      void reload();
    } else if (refusal.kind === 'problems') {
      void message.error(refusal.message);
    } else if (!refusal.presented) {
      void message.error(refusal.message);
    }
  };

  const rollback = (version: PageVersion) =>
    modal.confirm({
      title: `回滚到版本 ${version.version}？`,
      content: (
        <>
          <p>
            将以版本 {version.version} 的内容保存为新版本 {stored.version + 1}；当前版本{' '}
            {stored.version} 仍保留在历史中。
          </p>
          {dirty && <p>编辑器中未保存的修改将被替换。</p>}
        </>
      ),
      okText: '回滚',
      cancelText: '取消',
      onOk: () => run(version.version),
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={`历史版本：${stored.definition.title}（${stored.code}）`}
      // Wide enough for every column of the table; a phone gets the whole screen and cards.
      width={mobile ? '100%' : `min(${VERSION_TABLE_WIDTH + 48}px, 100vw)`}
      destroyOnHidden
    >
      <Versions
        versions={versions}
        current={stored.version}
        loading={loading}
        actions={(row) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              loading={busyVersion === row.version}
              onClick={() => void compare(row)}
            >
              对比
            </Button>
            {canRollback && (
              <Button type="link" size="small" onClick={() => rollback(row)}>
                回滚
              </Button>
            )}
          </Space>
        )}
      />
      {compared && (
        <DiffModal
          title={`版本 ${compared.version.version} 与当前版本 ${stored.version}`}
          original={compared.text}
          modified={textOf(stored.definition)}
          originalLabel={`版本 ${compared.version.version}（${compared.version.createBy ?? '—'} ${compared.version.createTime ?? ''}）`}
          modifiedLabel={`当前版本 ${stored.version}`}
          onClose={() => setCompared(null)}
        />
      )}
    </Drawer>
  );
}
