import { Suspense, lazy, useCallback, useState } from 'react';
import { App, Badge, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { NOTICE_POPOVER_WIDTH, type Notice } from '../../contracts/notice';
import { useServices } from '../services';
import { findNotice } from '../notices/notice-api';
import { noticeErrorText } from '../notices/notice-error';
import { NoticeDetail } from '../notices/NoticeDetail';
import { useLiveNotices } from '../notices/use-live-notices';
import { useNoticeTypes } from '../notices/use-notice-types';
import { useReadNotice } from '../notices/use-read-notice';
import headerStyles from './GlobalHeader.module.css';
import styles from './NoticeBell.module.css';

// The popover's tabs load when it first opens: the shell's first screen only draws the bell.
const NoticePopoverContent = lazy(() =>
  import('./NoticePopoverContent').then((m) => ({ default: m.NoticePopoverContent })),
);

export const LABEL_BELL = '消息通知';
/** A pushed notice the caller can no longer see (revoked meanwhile). */
export const MSG_NOTICE_GONE = '该消息已不存在';

/**
 * The header's notice bell (shell.md §2): the unread total, a 300 px popover with one tab per
 * notice type, the detail modal, and the live events that keep it current.
 */
export function NoticeBell() {
  const { http } = useServices();
  const { message } = App.useApp();
  const { types, refresh } = useNoticeTypes();
  const read = useReadNotice();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Notice | null>(null);
  const unread = types.reduce((sum, type) => sum + type.unread, 0);

  const show = useCallback(
    async (notice: Notice) => {
      if (!(await read(notice))) return;
      setOpen(false);
      setDetail(notice);
    },
    [read],
  );

  const showPushed = useCallback(
    (id: string) => {
      findNotice(http, id).then(
        (notice) => {
          if (notice) void show(notice);
          else void message.warning(MSG_NOTICE_GONE);
        },
        (error: unknown) => {
          const text = noticeErrorText(error);
          if (text) void message.error(text);
        },
      );
    },
    [http, message, show],
  );

  useLiveNotices({ onRefresh: refresh, onView: showPushed });

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Counts may have moved without a push (全部已读 in 我的消息): opening shows them fresh.
          if (next) refresh();
        }}
        trigger="click"
        placement="bottomRight"
        arrow={{ pointAtCenter: true }}
        styles={{ body: { padding: 0 } }}
        content={
          <Suspense fallback={<div style={{ width: NOTICE_POPOVER_WIDTH, minHeight: 96 }} />}>
            <NoticePopoverContent
              types={types}
              width={NOTICE_POPOVER_WIDTH}
              onRead={(notice) => void show(notice)}
              onMore={() => setOpen(false)}
            />
          </Suspense>
        }
      >
        <button type="button" className={headerStyles.action} aria-label={LABEL_BELL}>
          <Badge count={unread} size="small" offset={[2, -2]}>
            <BellOutlined className={styles.bell} />
          </Badge>
        </button>
      </Popover>
      <NoticeDetail notice={detail} onClose={() => setDetail(null)} />
    </>
  );
}
