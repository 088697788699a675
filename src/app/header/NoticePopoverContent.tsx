import { Button, Empty, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MY_NOTICES_ROUTE, type Notice, type NoticeType } from '../../contracts/notice';
import { LABEL_VIEW_DETAIL } from '../notices/notice-labels';
import styles from './NoticeBell.module.css';

export const LABEL_MORE = '查看更多';

export interface NoticePopoverContentProps {
  readonly types: readonly NoticeType[];
  /** px (shell.md §9: 300). */
  readonly width: number;
  readonly onRead: (notice: Notice) => void;
  /** 查看更多 was pressed (the popover closes). */
  readonly onMore: () => void;
}

/** `通知公告(2)`: a tab's title. */
export function tabLabel(type: NoticeType): string {
  return `${type.description}(${type.unread})`;
}

/** The bell's popover: a tab per notice type with its newest unread notices, and 查看更多. */
export function NoticePopoverContent({ types, width, onRead, onMore }: NoticePopoverContentProps) {
  const navigate = useNavigate();
  return (
    <div className={styles.popover} style={{ width }}>
      {types.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tabs
          centered
          size="small"
          items={types.map((type) => ({
            key: type.key,
            label: tabLabel(type),
            children:
              type.notices.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <ul className={styles.list}>
                  {type.notices.map((notice) => (
                    <li key={notice.id} className={styles.item}>
                      <div className={styles.text}>
                        <Typography.Text ellipsis={{ tooltip: notice.title }}>
                          {notice.title}
                        </Typography.Text>
                        <Typography.Text type="secondary" className={styles.time}>
                          {notice.createTime}
                        </Typography.Text>
                      </div>
                      <Button
                        type="link"
                        size="small"
                        aria-label={`${LABEL_VIEW_DETAIL} ${notice.title}`}
                        onClick={() => onRead(notice)}
                      >
                        {LABEL_VIEW_DETAIL}
                      </Button>
                    </li>
                  ))}
                </ul>
              ),
          }))}
        />
      )}
      <div className={styles.footer}>
        <Button
          type="link"
          block
          onClick={() => {
            onMore();
            void navigate(MY_NOTICES_ROUTE);
          }}
        >
          {LABEL_MORE}
        </Button>
      </div>
    </div>
  );
}
