import { useState } from 'react';
import { App, Button, Modal, Space } from 'antd';
import type { StoredPageResult } from '../../../../contracts/page-api';
import type { PageStore } from '../model/page-store';
import { DiffModal } from './DiffModal';
import { textOf, type AdoptMode } from './use-page-document';

export interface StaleDialogProps {
  readonly store: PageStore;
  readonly code: string;
  /** The server's refusal message and the version it has now. */
  readonly message: string;
  readonly currentVersion: number;
  /** The version the text was based on. */
  readonly baseVersion: number;
  /** The editor text (the author's changes). */
  readonly text: string;
  readonly onAdopt: (latest: StoredPageResult, mode: AdoptMode) => void;
  readonly onClose: () => void;
}

/**
 * Someone saved a newer version while this one was being edited. The author may load the
 * latest version (dropping the changes), or compare it with their text and keep their text on
 * top of the latest version (then save again).
 */
export function StaleDialog(props: StaleDialogProps) {
  const {
    store,
    code,
    message: refusal,
    currentVersion,
    baseVersion,
    text,
    onAdopt,
    onClose,
  } = props;
  const { message, modal } = App.useApp();
  const [latest, setLatest] = useState<StoredPageResult | null>(null);
  const [loading, setLoading] = useState(false);

  const fetchLatest = async (): Promise<StoredPageResult | null> => {
    setLoading(true);
    const outcome = await store.queryByCode(code);
    setLoading(false);
    if (outcome.ok) return outcome.result;
    if (!outcome.presented) void message.error(outcome.message);
    return null;
  };

  const loadLatest = () =>
    modal.confirm({
      title: '放弃你的修改，加载最新版本？',
      content: '编辑器中未保存的修改将被最新版本替换。',
      okText: '加载最新版本',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = latest ?? (await fetchLatest());
        if (!result) return;
        onAdopt(result, 'replace');
        onClose();
      },
    });

  const compare = async () => {
    const result = await fetchLatest();
    if (result) setLatest(result);
  };

  if (latest) {
    return (
      <DiffModal
        title={`最新版本 ${latest.version} 与你的修改`}
        original={textOf(latest.definition)}
        modified={text}
        originalLabel={`最新版本 ${latest.version}（${latest.updateBy ?? '—'} ${latest.updateTime ?? ''}）`}
        modifiedLabel={`你的修改（基于版本 ${baseVersion}）`}
        onClose={onClose}
        footer={
          <Space wrap>
            <Button onClick={loadLatest}>放弃我的修改，加载最新版本</Button>
            <Button
              type="primary"
              onClick={() => {
                onAdopt(latest, 'keep');
                void message.info(`已改为基于版本 ${latest.version}，确认无误后请再次保存`);
                onClose();
              }}
            >
              保留我的修改（基于最新版本）
            </Button>
          </Space>
        }
      />
    );
  }

  return (
    <Modal
      open
      title="页面已被他人修改"
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>取消</Button>
          <Button danger onClick={loadLatest}>
            加载最新版本
          </Button>
          <Button type="primary" loading={loading} onClick={() => void compare()}>
            对比差异
          </Button>
        </Space>
      }
    >
      <p>{refusal}</p>
      <p>
        你的修改基于版本 {baseVersion}，服务器上已是版本 {currentVersion}
        。你的修改仍在编辑器中，没有丢失。
      </p>
    </Modal>
  );
}
