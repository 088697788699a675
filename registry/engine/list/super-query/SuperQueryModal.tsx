import { useState } from 'react';
import { App, Button, Col, Empty, Modal, Row, Select, Space } from 'antd';
import { useMaxWidth } from '../../../use-media';
import {
  MSG_CANCEL,
  MSG_CLICK_TO_ADD,
  MSG_CLOSE,
  MSG_CONFIRM_TITLE,
  MSG_MATCH_AND,
  MSG_MATCH_OR,
  MSG_MATCH_TYPE,
  MSG_NO_CONDITIONS,
  MSG_OK,
  MSG_QUERY,
  MSG_QUERY_EMPTY,
  MSG_RESET,
  MSG_SAVED,
  MSG_SAVE_EMPTY,
  MSG_SAVE_NAME_EMPTY,
  MSG_SAVE_QUERY,
  MSG_SUPER_QUERY_TITLE,
  existsMessage,
} from './messages';
import { emptyRow, rowsOf, type MatchType } from './model';
import { ConditionRowEditor } from './ConditionRowEditor';
import { SavedQueries } from './SavedQueries';
import { SaveQueryPrompt } from './SaveQueryPrompt';
import { loadSavedQueries, storeSavedQueries, withSaved, type SavedQuery } from './saved-queries';
import type { SuperQuery } from './use-super-query';

/** widgets.md §2.9: 1000 wide; full screen below the mobile breakpoint. */
export const SUPER_QUERY_WIDTH = 1000;
const MOBILE_MAX_WIDTH = 767.99;

const MATCH_OPTIONS: { value: MatchType; label: string }[] = [
  { value: 'and', label: MSG_MATCH_AND },
  { value: 'or', label: MSG_MATCH_OR },
];

/**
 * 高级查询构造器 (widgets.md §2.9, §4, §5): the match type, the condition rows, the saved
 * queries beside them, and 重置 / 保存查询 / 关闭 / 查询.
 */
export function SuperQueryModal({ query }: { readonly query: SuperQuery }) {
  const { message, modal } = App.useApp();
  const mobile = useMaxWidth(MOBILE_MAX_WIDTH);
  const [saved, setSaved] = useState<SavedQuery[]>(() => loadSavedQueries(query.storageKey));
  const [prompting, setPrompting] = useState(false);
  const { rows, fields, setRows } = query;

  const keep = (next: SavedQuery[]) => {
    storeSavedQueries(query.storageKey, next);
    setSaved(next);
  };
  const insertAfter = (at: number) =>
    setRows((current) => [...current.slice(0, at + 1), emptyRow(), ...current.slice(at + 1)]);

  const startSave = () => {
    if (query.conditions().length === 0) void message.warning(MSG_SAVE_EMPTY);
    else setPrompting(true);
  };
  const save = (title: string) => {
    if (title === '') return void message.warning(MSG_SAVE_NAME_EMPTY);
    const entry: SavedQuery = { title, matchType: query.matchType, records: query.conditions() };
    const write = () => {
      keep(withSaved(loadSavedQueries(query.storageKey), entry));
      setPrompting(false);
      void message.success(MSG_SAVED);
    };
    if (!saved.some((q) => q.title === title)) return write();
    void modal.confirm({
      title: MSG_CONFIRM_TITLE,
      content: existsMessage(title),
      okText: MSG_OK,
      cancelText: MSG_CANCEL,
      onOk: write,
    });
  };
  const submit = () => {
    if (query.submit()) query.hide();
    else void message.warning(MSG_QUERY_EMPTY);
  };

  const footer = (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between' }}>
      <Space wrap>
        <Button onClick={query.reset}>{MSG_RESET}</Button>
        <Button onClick={startSave}>{MSG_SAVE_QUERY}</Button>
      </Space>
      <Space wrap>
        <Button onClick={query.hide}>{MSG_CLOSE}</Button>
        <Button type="primary" onClick={submit}>
          {MSG_QUERY}
        </Button>
      </Space>
    </div>
  );

  return (
    <Modal
      open
      title={MSG_SUPER_QUERY_TITLE}
      width={mobile ? '100vw' : SUPER_QUERY_WIDTH}
      className="sa-super-query"
      onCancel={query.hide}
      footer={footer}
      style={mobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      styles={
        mobile
          ? { content: { minHeight: '100vh', borderRadius: 0 }, body: { paddingBottom: 8 } }
          : undefined
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={18}>
          <div style={{ marginBottom: 12, display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ flex: 'none' }}>{MSG_MATCH_TYPE}</span>
            <Select
              aria-label={MSG_MATCH_TYPE}
              style={{ flex: 'auto', maxWidth: 260, minWidth: 0 }}
              options={MATCH_OPTIONS}
              value={query.matchType}
              onChange={query.setMatchType}
            />
          </div>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG_NO_CONDITIONS}>
              <Button type="link" onClick={() => setRows(() => [emptyRow()])}>
                {MSG_CLICK_TO_ADD}
              </Button>
            </Empty>
          ) : (
            <Space direction="vertical" size={mobile ? 16 : 8} style={{ width: '100%' }}>
              {rows.map((row, i) => (
                <ConditionRowEditor
                  key={row.key}
                  row={row}
                  index={i + 1}
                  fields={fields}
                  onChange={(next) =>
                    setRows((current) => current.map((r) => (r.key === row.key ? next : r)))
                  }
                  onAdd={() => insertAfter(i)}
                  onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                />
              ))}
            </Space>
          )}
        </Col>
        <Col xs={24} md={6}>
          <SavedQueries
            queries={saved}
            onLoad={(q) => {
              query.setMatchType(q.matchType);
              setRows(() => rowsOf(q.records));
            }}
            onDelete={(title) =>
              keep(loadSavedQueries(query.storageKey).filter((q) => q.title !== title))
            }
          />
        </Col>
      </Row>
      {prompting && <SaveQueryPrompt onOk={save} onCancel={() => setPrompting(false)} />}
    </Modal>
  );
}
