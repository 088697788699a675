import { useMemo } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Notice } from '../../contracts/notice';
import { isSameOriginPath } from '../../contracts/urls';
import { useSignedHtml } from '../../../registry/use-signed-html';
import { useServices } from '../services';
import { noticeHtml } from './notice-html';
import { LABEL_CLOSE, LABEL_PUBLISH_TIME, LABEL_VIEW_DETAIL } from './notice-labels';
import styles from './NoticeDetailModal.module.css';

const MODAL_WIDTH = 800;

/**
 * The link a notice's 查看详情 opens: its `openPage` when it opens a url that is a path of this
 * site (never another host, `javascript:` or `..`), else none.
 */
export function noticeLink(notice: Notice): string | null {
  const page = notice.openPage;
  return notice.openType === 'url' && page && isSameOriginPath(page) ? page : null;
}

export interface NoticeDetailModalProps {
  /** The notice shown; null: closed. */
  readonly notice: Notice | null;
  /** Default: whether there is a notice (false keeps it shown while it closes). */
  readonly open?: boolean;
  readonly onClose: () => void;
}

/** A notice's detail (shell.md §2): title, publish time, the (sanitised) HTML content. */
export function NoticeDetailModal({ notice, open, onClose }: NoticeDetailModalProps) {
  const navigate = useNavigate();
  const link = notice ? noticeLink(notice) : null;
  const { http } = useServices();
  const clean = useMemo(() => noticeHtml(notice?.content), [notice]);
  // Uploaded images are shown through signed URLs (an <img> cannot send the token).
  const html = useSignedHtml(http, clean);
  return (
    <Modal
      open={open ?? notice !== null}
      title={notice?.title}
      width={MODAL_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {LABEL_CLOSE}
        </Button>,
        link && (
          <Button
            key="open"
            type="primary"
            onClick={() => {
              onClose();
              void navigate(link);
            }}
          >
            {LABEL_VIEW_DETAIL}
          </Button>
        ),
      ]}
    >
      {notice && (
        <>
          <Typography.Text type="secondary">
            {LABEL_PUBLISH_TIME}
            {notice.createTime}
          </Typography.Text>
          <div
            className={styles.content}
            // Sanitised twice: by the server and by noticeHtml (DOMPurify) here.
            aria-busy={html === null}
            dangerouslySetInnerHTML={{ __html: html ?? '' }}
          />
        </>
      )}
    </Modal>
  );
}
