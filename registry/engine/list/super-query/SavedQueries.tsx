import { App, Button, Card, Empty } from 'antd';
import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import {
  MSG_CANCEL,
  MSG_CONFIRM_DELETE_SAVED,
  MSG_CONFIRM_TITLE,
  MSG_DELETE_SAVED,
  MSG_NO_SAVED_QUERIES,
  MSG_OK,
  MSG_SAVED_QUERIES,
} from './messages';
import type { SavedQuery } from './saved-queries';

export interface SavedQueriesProps {
  readonly queries: readonly SavedQuery[];
  /** Puts a saved query's match type and conditions in the builder (not yet sent). */
  readonly onLoad: (query: SavedQuery) => void;
  /** Deletes one, after 是否删除当前查询？ was confirmed. */
  readonly onDelete: (title: string) => void;
}

/** The side card 保存的查询: each saved query by title, a click loads it, 删除 asks first. */
export function SavedQueries({ queries, onLoad, onDelete }: SavedQueriesProps) {
  const { modal } = App.useApp();
  const confirmDelete = (title: string) =>
    void modal.confirm({
      title: MSG_CONFIRM_TITLE,
      content: MSG_CONFIRM_DELETE_SAVED,
      okText: MSG_OK,
      cancelText: MSG_CANCEL,
      onOk: () => onDelete(title),
    });
  return (
    <Card
      size="small"
      title={MSG_SAVED_QUERIES}
      className="sa-super-query-saved"
      styles={{ body: { padding: queries.length === 0 ? 12 : 4 } }}
    >
      {queries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG_NO_SAVED_QUERIES} />
      ) : (
        <ul aria-label={MSG_SAVED_QUERIES} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {queries.map((query) => (
            <li
              key={query.title}
              style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}
            >
              <Button
                type="text"
                icon={<FileTextOutlined />}
                title={query.title}
                onClick={() => onLoad(query)}
                style={{ flex: 'auto', minWidth: 0, justifyContent: 'flex-start' }}
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{query.title}</span>
              </Button>
              <Button
                type="text"
                danger
                size="small"
                aria-label={`${MSG_DELETE_SAVED} ${query.title}`}
                title={MSG_DELETE_SAVED}
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(query.title)}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
