import { useEffect, useMemo, useRef } from 'react';
import type { PanelProps } from '../../../../registry/engine';
import type { Notice } from '../../../contracts/notice';
import { NoticeDetailModal } from '../../notices/NoticeDetailModal';
import { useReadNotice } from '../../notices/use-read-notice';

/** '1': read (我的消息 rows). */
const READ = '1';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A row of 我的消息 as the detail shows it; null without an id. */
export function noticeOfRow(row: Readonly<Record<string, unknown>> | null): Notice | null {
  const id = text(row?.id);
  if (!row || !id) return null;
  return {
    id,
    title: text(row.title) ?? '',
    content: text(row.content) ?? '',
    createTime: text(row.createTime) ?? '',
    openType: text(row.openType),
    openPage: text(row.openPage),
  };
}

/**
 * 我的消息 → 查看: the notice detail modal for the row. An unread notice is marked read (the
 * bell's counts reload, and the list, so the row says 已读).
 */
export default function NoticeDetailPanel({ row, onClose, onChanged }: PanelProps) {
  const notice = useMemo(() => noticeOfRow(row), [row]);
  const read = useReadNotice();
  const asked = useRef(false);
  useEffect(() => {
    if (!notice || asked.current || row?.readFlag === READ) return;
    asked.current = true;
    void read(notice).then((ok) => {
      if (ok) onChanged();
    });
  }, [notice, row, read, onChanged]);
  return <NoticeDetailModal notice={notice} onClose={onClose} />;
}
