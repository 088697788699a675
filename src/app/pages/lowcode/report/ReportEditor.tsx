import { Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, Space, Spin, Tabs } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { usePermissions } from '../../../permissions/Authorized';
import { viewportAtom } from '../../../state/atoms';
import { useCodeEditors } from '../editor/editors-context';
import { EditorErrorBoundary } from '../editor/EditorErrorBoundary';
import PlainSqlEditor from '../editor/PlainSqlEditor';
import type { SqlEditorProps } from '../editor/types';
import { ColumnsTable } from './ColumnsTable';
import {
  draftOf,
  EMPTY_DRAFT,
  inputOf,
  mergeColumns,
  withSqlParams,
  type ReportDraft,
} from './draft';
import { ParamsTable } from './ParamsTable';
import { PreviewPanel } from './PreviewPanel';
import type { ReportStore, ReportVersion } from './report-store';
import { ReportHistoryDrawer } from './ReportHistoryDrawer';

export interface ReportEditorProps {
  readonly store: ReportStore;
  /** The report edited, or null for a new one. */
  readonly id: string | null;
  readonly onClose: () => void;
  /** After a save the server accepted. */
  readonly onSaved: () => void;
}

/** What is missing before a save is worth sending, or null. */
function missing(draft: ReportDraft): string | null {
  if (!draft.code.trim()) return '请填写报表编码';
  if (!draft.name.trim()) return '请填写报表名称';
  if (!draft.sql.trim()) return '请填写报表SQL';
  if (draft.items.length === 0) return '请先解析SQL生成报表列';
  return null;
}

/**
 * The report editor (a drawer over the list): code, name, SQL with 解析SQL, the columns and
 * parameters tables, and 预览 of the unsaved draft. A refused save shows the server's reason
 * and keeps everything typed; an edit carries the version it loaded.
 */
export function ReportEditor({ store, id, onClose, onSaved }: ReportEditorProps) {
  const { message } = App.useApp();
  const { can } = usePermissions();
  const mobile = useAtomValue(viewportAtom) === 'mobile';
  const [draft, setDraft] = useState<ReportDraft>(EMPTY_DRAFT);
  const [version, setVersion] = useState<number | null>(null);
  /** The stored definition as loaded (JSON), to tell whether the draft changed it. */
  const [loaded, setLoaded] = useState<string | null>(null);
  /** The version 恢复 put into the draft, until it is saved. */
  const [restoredFrom, setRestoredFrom] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  /** Bumped when the stored report arrives: the SQL editor starts again with its text. */
  const [loads, setLoads] = useState(0);
  const [loading, setLoading] = useState(id !== null);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('items');
  const readOnly = id === null ? !can('lowcode:report:add') : !can('lowcode:report:edit');
  const patch = (next: Partial<ReportDraft>) => setDraft((d) => ({ ...d, ...next }));
  // monaco (the page editor's chunk, loaded on first use); a text area until then or if it fails.
  const { Sql } = useCodeEditors();
  const sqlEditor: SqlEditorProps = {
    value: draft.sql,
    onChange: (sql) => patch({ sql }),
    readOnly,
    label: '报表SQL',
  };

  useEffect(() => {
    if (id === null) return;
    let live = true;
    void store.queryById(id).then((outcome) => {
      if (!live) return;
      setLoading(false);
      if (outcome.ok) {
        const stored = draftOf(outcome.result);
        setDraft(stored);
        setLoaded(JSON.stringify(inputOf(stored)));
        setVersion(outcome.result.version);
        setLoads((n) => n + 1);
      } else if (!outcome.presented) {
        void message.error(outcome.message);
      }
    });
    return () => {
      live = false;
    };
  }, [store, id, message]);

  const parse = async () => {
    if (!draft.sql.trim()) {
      void message.warning('请填写报表SQL');
      return;
    }
    setParsing(true);
    const params = withSqlParams(draft.params, draft.sql);
    const outcome = await store.parseSql(draft.sql, inputOf({ ...draft, params }).params);
    setParsing(false);
    if (outcome.ok) {
      setDraft((d) => ({ ...d, items: mergeColumns(d.items, outcome.result), params }));
      setTab('items');
      void message.success(`解析成功，共 ${outcome.result.length} 列`);
    } else if (!outcome.presented) {
      void message.error(outcome.message);
    }
  };

  const save = async () => {
    const reason = missing(draft);
    if (reason) {
      void message.warning(reason);
      return;
    }
    setSaving(true);
    const input = { ...inputOf(draft), ...(note.trim() ? { note: note.trim() } : {}) };
    const outcome =
      id === null
        ? await store.add(input)
        : await store.edit({ ...input, id, version: version ?? 0 });
    setSaving(false);
    if (outcome.ok) {
      void message.success(outcome.message || '保存成功');
      onSaved();
    } else if (!outcome.presented) {
      void message.error(outcome.message);
    }
  };

  const input = useMemo(() => inputOf(draft), [draft]);
  const restore = (old: ReportVersion) => {
    setDraft(draftOf(old));
    setLoads((n) => n + 1);
    setRestoredFrom(old.version);
    setNote(`恢复自版本 ${old.version}`);
    setHistoryOpen(false);
    void message.success(
      `已恢复版本 ${old.version} 到编辑器，保存后生成新版本 ${(version ?? 0) + 1}`,
    );
  };

  const title = id === null ? '新增报表' : `编辑报表${draft.name ? `「${draft.name}」` : ''}`;
  const items = useMemo(
    () => [
      {
        key: 'items',
        label: `报表列（${draft.items.length}）`,
        children: (
          <ColumnsTable
            items={draft.items}
            readOnly={readOnly}
            onChange={(next) => patch({ items: next })}
          />
        ),
      },
      {
        key: 'params',
        label: `参数（${draft.params.length}）`,
        children: (
          <ParamsTable
            params={draft.params}
            readOnly={readOnly}
            onChange={(next) => patch({ params: next })}
          />
        ),
      },
      { key: 'preview', label: '预览', children: <PreviewPanel store={store} draft={draft} /> },
    ],
    [draft, readOnly, store],
  );

  return (
    <Drawer
      open
      title={title}
      width={mobile ? '100%' : 1100}
      onClose={onClose}
      destroyOnHidden
      extra={
        id !== null &&
        version !== null &&
        can('lowcode:report:list') && (
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            历史版本
          </Button>
        )
      }
      footer={
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          {!readOnly && (
            <Input
              aria-label="修改说明"
              placeholder="本次修改的说明（可选）"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
              style={{ flex: 1, minWidth: 0, maxWidth: 480 }}
            />
          )}
          <Space style={{ marginInlineStart: 'auto' }}>
            <Button onClick={onClose}>取消</Button>
            {!readOnly && (
              <Button type="primary" loading={saving} onClick={() => void save()}>
                保存
              </Button>
            )}
          </Space>
        </div>
      }
    >
      {restoredFrom !== null && version !== null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`编辑器中是版本 ${restoredFrom} 的内容，尚未保存；保存后生成新版本 ${version + 1}。`}
        />
      )}
      {id !== null && version !== null && (
        <ReportHistoryDrawer
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          store={store}
          id={id}
          current={version}
          title={`${draft.name || '报表'}（${draft.code}）`}
          draft={input}
          dirty={loaded !== null && JSON.stringify(input) !== loaded}
          canRestore={!readOnly}
          mobile={mobile}
          onRestore={restore}
        />
      )}
      <Spin spinning={loading}>
        <Form layout="vertical" disabled={readOnly}>
          <Space wrap size={16} style={{ width: '100%' }}>
            <Form.Item label="报表编码" required style={{ marginBottom: 12 }}>
              <Input
                aria-label="报表编码"
                value={draft.code}
                placeholder="字母、数字和下划线"
                onChange={(e) => patch({ code: e.target.value })}
                style={{ width: mobile ? 300 : 260 }}
              />
            </Form.Item>
            <Form.Item label="报表名称" required style={{ marginBottom: 12 }}>
              <Input
                aria-label="报表名称"
                value={draft.name}
                onChange={(e) => patch({ name: e.target.value })}
                style={{ width: mobile ? 300 : 360 }}
              />
            </Form.Item>
          </Space>
          <Form.Item
            label="报表SQL"
            required
            extra="一条 SELECT 或 WITH 查询；参数写作 ${参数名}，放在引号之外，例如 name like '%' || ${keyword} || '%'"
            style={{ marginBottom: 8 }}
          >
            <EditorErrorBoundary fallback={<PlainSqlEditor {...sqlEditor} />}>
              <Suspense fallback={<PlainSqlEditor {...sqlEditor} />}>
                <Sql key={loads} {...sqlEditor} />
              </Suspense>
            </EditorErrorBoundary>
          </Form.Item>
          <Button loading={parsing} onClick={() => void parse()} style={{ marginBottom: 8 }}>
            解析SQL
          </Button>
        </Form>
        <Tabs activeKey={tab} onChange={setTab} items={items} />
      </Spin>
    </Drawer>
  );
}
